import ArgumentParser
import FeedLibrary
import FeedServer
import Foundation

/// Reads the server's settings for `serve`: the library's (see ``LibraryConfigurationLoader``), then the server's
/// own flags, else their `IMAGEFEED_*` environment variables, else the defaults. Every problem is reported at once.
enum ConfigurationLoader {
    static func load(
        library: LibraryOptions, host: String? = nil, port: Int? = nil, publicURL: String? = nil,
        requireClientID: Bool? = nil,
        web: String? = nil, trustedProxies: [String]? = nil, allowedHosts: [String]? = nil, cacheSize: String? = nil,
        syncEvery: String? = nil, idleTimeout: String? = nil, writeTimeout: String? = nil,
        maxConnections: String? = nil, firebase: FirebaseFlags = FirebaseFlags(),
        database: DatabaseOptions = DatabaseOptions(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Configuration {
        var reader = EnvironmentReader(environment: environment)
        var configuration = Configuration()
        configuration.library = LibraryConfigurationLoader.read(library: library, cacheSize: cacheSize, from: &reader)
        configuration.host = host ?? environment["IMAGEFEED_HOST"] ?? configuration.host
        configuration.port = port ?? reader.integer("IMAGEFEED_PORT") ?? configuration.port
        configuration.publicURL = publicURL ?? environment["IMAGEFEED_PUBLIC_URL"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.webDirectory = web ?? environment["IMAGEFEED_WEB"] ?? defaultWebDirectory()
        configuration.trustedProxies = trustedProxies ?? reader.list("IMAGEFEED_TRUSTED_PROXIES")
        configuration.allowedHosts = allowedHosts ?? reader.list("IMAGEFEED_ALLOWED_HOSTS")
        if let every = syncEvery ?? environment["IMAGEFEED_SYNC_EVERY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            if let interval = DurationText.parse(every) {
                configuration.syncEvery = interval
            } else {
                reader.problems.append("The sync interval must be a duration such as 30m, 1h or 1d; got \"\(every)\".")
            }
        }
        configuration.connections.idleTimeout = reader.duration(
            "IMAGEFEED_IDLE_TIMEOUT", flag: idleTimeout, default: configuration.connections.idleTimeout)
        configuration.connections.writeTimeout = reader.duration(
            "IMAGEFEED_WRITE_TIMEOUT", flag: writeTimeout, default: configuration.connections.writeTimeout)
        configuration.connections.minimumBodyRate = reader.limit(
            "IMAGEFEED_MIN_BODY_RATE", default: configuration.connections.minimumBodyRate)
        configuration.connections.maxConnections = reader.limit(
            "IMAGEFEED_MAX_CONNECTIONS", flag: maxConnections, default: configuration.connections.maxConnections)
        if let every = reader.duration("IMAGEFEED_DELETION_RETRY_EVERY", default: configuration.deletionRetryInterval) {
            configuration.deletionRetryInterval = every
        }
        configuration.rateLimitPerHour = reader.integer("IMAGEFEED_RATE_LIMIT") ?? configuration.rateLimitPerHour
        configuration.imageRateLimitPerHour =
            reader.integer("IMAGEFEED_IMAGE_RATE_LIMIT") ?? configuration.imageRateLimitPerHour
        configuration.pixabayRateLimitPerMinute =
            reader.integer("IMAGEFEED_PIXABAY_RATE_LIMIT") ?? configuration.pixabayRateLimitPerMinute
        configuration.fastPath = reader.flag("IMAGEFEED_FAST_PATH") ?? configuration.fastPath
        configuration.requireClientID =
            requireClientID ?? reader.flag("IMAGEFEED_REQUIRE_CLIENT_ID") ?? configuration.requireClientID
        if let milliseconds = reader.integer("IMAGEFEED_CACHE_MAX_AGE_MS") {
            if milliseconds < 0 {
                reader.problems.append("IMAGEFEED_CACHE_MAX_AGE_MS must not be negative; got \(milliseconds).")
            }
            configuration.responseCacheMaxAge = .milliseconds(max(0, milliseconds))
        }
        firebase.apply(to: &configuration.firebase, from: &reader)
        configuration.database.port =
            database.port ?? reader.integer("IMAGEFEED_DATABASE_PORT") ?? configuration.database.port
        configuration.database.rulesFile =
            database.rules ?? environment["IMAGEFEED_DATABASE_RULES"].flatMap { $0.isEmpty ? nil : $0 }
        if let bytes = reader.size(
            "IMAGEFEED_DATABASE_MAX_WRITE", flag: database.maxWrite, what: "The database's largest write",
            example: "16MB")
        {
            configuration.database.maximumWriteBytes = bytes
        }
        if let bytes = reader.size(
            "IMAGEFEED_DATABASE_MAX_UNREAD", flag: database.maxUnread,
            what: "The bytes a database connection may leave unread", example: "64MB")
        {
            configuration.database.maximumUnreadBytes = bytes
        }
        if let namespace = environment["IMAGEFEED_DATABASE_NAMESPACE"], !namespace.isEmpty {
            configuration.database.defaultNamespace = namespace
        }
        configuration.database.namespaceFromHost =
            reader.flag("IMAGEFEED_DATABASE_NAMESPACE_FROM_HOST") ?? configuration.database.namespaceFromHost
        let problems = reader.problems + configuration.problems()
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        return configuration
    }

    /// `Web/` next to the working directory when it exists (running from a checkout).
    static func defaultWebDirectory() -> String? {
        let candidate = FileManager.default.currentDirectoryPath + "/Web"
        return FileManager.default.fileExists(atPath: candidate + "/index.html") ? candidate : nil
    }
}
