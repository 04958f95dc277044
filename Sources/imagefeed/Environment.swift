import ArgumentParser
import FeedServer
import Foundation
import Imaging

/// Builds the server configuration from flags first, then `IMAGEFEED_*` variables, then defaults.
enum ConfigurationLoader {
    static func load(
        library: LibraryOptions, host: String? = nil, port: Int? = nil, publicURL: String? = nil, requireClientID: Bool? = nil,
        web: String? = nil, trustedProxies: [String]? = nil, allowedHosts: [String]? = nil, cacheSize: String? = nil,
        syncEvery: String? = nil, database: DatabaseOptions = DatabaseOptions(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Configuration {
        var problems: [String] = []
        func integer(_ name: String) -> Int? {
            guard let raw = environment[name], !raw.isEmpty else { return nil }
            guard let value = Int(raw) else {
                problems.append("\(name) must be a whole number; got \"\(raw)\".")
                return nil
            }
            return value
        }
        /// A switch: any value but 0, false, off or no turns it on; unset or empty leaves the default.
        func flag(_ name: String) -> Bool? {
            guard let raw = environment[name], !raw.isEmpty else { return nil }
            return !["0", "false", "off", "no"].contains(raw.lowercased())
        }
        var configuration = Configuration()
        configuration.host = host ?? environment["IMAGEFEED_HOST"] ?? configuration.host
        configuration.port = port ?? integer("IMAGEFEED_PORT") ?? configuration.port
        configuration.dataDirectory = library.data ?? environment["IMAGEFEED_DATA"] ?? configuration.dataDirectory
        configuration.databaseURL = library.database ?? environment["IMAGEFEED_DATABASE_URL"].flatMap {
            $0.isEmpty ? nil : $0
        }
        configuration.storage = library.storage ?? environment["IMAGEFEED_STORAGE"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.publicURL = publicURL ?? environment["IMAGEFEED_PUBLIC_URL"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.webDirectory = web ?? environment["IMAGEFEED_WEB"] ?? defaultWebDirectory()
        if let megapixels = library.maxMegapixels ?? integer("IMAGEFEED_MAX_MEGAPIXELS") {
            configuration.imageLimits.maxPixels = megapixels * 1_000_000
        }
        if let megabytes = library.maxMegabytes ?? integer("IMAGEFEED_MAX_MEGABYTES") {
            configuration.imageLimits.maxBytes = megabytes * 1024 * 1024
        }
        if let megapixels = integer("IMAGEFEED_MAX_RENDITION_MEGAPIXELS") {
            configuration.renditionLimits.maxPixels = megapixels * 1_000_000
        }
        if let megapixels = integer("IMAGEFEED_MAX_AVIF_MEGAPIXELS") {
            configuration.renditionLimits.maxAVIFPixels = megapixels * 1_000_000
        }
        func list(_ name: String) -> [String] {
            (environment[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        configuration.trustedProxies = trustedProxies ?? list("IMAGEFEED_TRUSTED_PROXIES")
        configuration.allowedHosts = allowedHosts ?? list("IMAGEFEED_ALLOWED_HOSTS")
        if let size = cacheSize ?? environment["IMAGEFEED_CACHE_SIZE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            if size.lowercased() == "unlimited" {
                configuration.renditionLimits.cacheBytes = nil
            } else if let bytes = ByteCount.parse(size), bytes > 0 {
                configuration.renditionLimits.cacheBytes = bytes
            } else {
                problems.append("The cache size must be a size such as 500MB or 20GB, or \"unlimited\"; got \"\(size)\".")
            }
        }
        if let every = syncEvery ?? environment["IMAGEFEED_SYNC_EVERY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            if let interval = DurationText.parse(every) {
                configuration.syncEvery = interval
            } else {
                problems.append("The sync interval must be a duration such as 30m, 1h or 1d; got \"\(every)\".")
            }
        }
        configuration.renditionLimits.newPerHour =
            integer("IMAGEFEED_NEW_RENDITIONS_PER_HOUR") ?? configuration.renditionLimits.newPerHour
        configuration.renditionLimits.threads = integer("IMAGEFEED_RENDER_THREADS")
        configuration.renditionLimits.maxWaiting = integer("IMAGEFEED_RENDER_QUEUE")
        configuration.rateLimitPerHour = integer("IMAGEFEED_RATE_LIMIT") ?? configuration.rateLimitPerHour
        configuration.imageRateLimitPerHour = integer("IMAGEFEED_IMAGE_RATE_LIMIT") ?? configuration.imageRateLimitPerHour
        configuration.pixabayRateLimitPerMinute =
            integer("IMAGEFEED_PIXABAY_RATE_LIMIT") ?? configuration.pixabayRateLimitPerMinute
        configuration.fastPath = flag("IMAGEFEED_FAST_PATH") ?? configuration.fastPath
        configuration.requireClientID = requireClientID ?? flag("IMAGEFEED_REQUIRE_CLIENT_ID") ?? configuration.requireClientID
        if let milliseconds = integer("IMAGEFEED_CACHE_MAX_AGE_MS") {
            if milliseconds < 0 { problems.append("IMAGEFEED_CACHE_MAX_AGE_MS must not be negative; got \(milliseconds).") }
            configuration.responseCacheMaxAge = .milliseconds(max(0, milliseconds))
        }
        configuration.database.port = database.port ?? integer("IMAGEFEED_DATABASE_PORT") ?? configuration.database.port
        configuration.database.rulesFile =
            database.rules ?? environment["IMAGEFEED_DATABASE_RULES"].flatMap { $0.isEmpty ? nil : $0 }
        if let size = database.maxWrite ?? environment["IMAGEFEED_DATABASE_MAX_WRITE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            if let bytes = ByteCount.parse(size), bytes > 0 {
                configuration.database.maximumWriteBytes = bytes
            } else {
                problems.append("The database's largest write must be a size such as 16MB; got \"\(size)\".")
            }
        }
        configuration.database.adminToken = database.adminToken
            ?? environment["IMAGEFEED_FIREBASE_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.database.adminFromAnywhere =
            flag("IMAGEFEED_FIREBASE_ADMIN_ANYWHERE") ?? configuration.database.adminFromAnywhere
        if let namespace = environment["IMAGEFEED_DATABASE_NAMESPACE"], !namespace.isEmpty {
            configuration.database.defaultNamespace = namespace
        }
        configuration.database.namespaceFromHost =
            flag("IMAGEFEED_DATABASE_NAMESPACE_FROM_HOST") ?? configuration.database.namespaceFromHost
        problems += configuration.problems()
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        return configuration
    }

    /// `Web/` next to the working directory when it exists (running from a checkout).
    static func defaultWebDirectory() -> String? {
        let candidate = FileManager.default.currentDirectoryPath + "/Web"
        return FileManager.default.fileExists(atPath: candidate + "/index.html") ? candidate : nil
    }
}

extension Configuration {
    /// The library's files for a command that reads the data directory's folders directly (`check`, `backup`):
    /// refused, with what to do instead, when the library is kept in a bucket.
    func localLibraryFiles(for command: String) throws -> LibraryFiles {
        guard storage == nil else {
            throw ValidationError("""
                `imagefeed \(command)` reads the originals in the data directory, and this library keeps them in \
                \(storage!). Use the storage's own tools for the bucket (versioning, replication, `aws s3 sync`) \
                and `pg_dump` for the database.
                """)
        }
        return LibraryFiles(root: dataDirectory)
    }
}
