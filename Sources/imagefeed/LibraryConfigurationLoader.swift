import ArgumentParser
import FeedLibrary
import Foundation

/// Reads the library's settings, for every subcommand: the `--data`, `--database`, `--storage` and image-limit flags,
/// else their `IMAGEFEED_*` environment variables, else the defaults. `serve` reads the server's on top (see
/// ``ConfigurationLoader``).
enum LibraryConfigurationLoader {
    /// The library's settings, or every problem with them at once, as ``ConfigurationError``.
    static func load(
        library: LibraryOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LibraryConfiguration {
        var reader = EnvironmentReader(environment: environment)
        let configuration = read(library: library, cacheSize: nil, from: &reader)
        let problems = reader.problems + configuration.problems()
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        return configuration
    }

    /// The library's settings from `reader`, whose problems it adds to (not yet checked with
    /// ``LibraryConfiguration/problems()``).
    static func read(library: LibraryOptions, cacheSize: String?, from reader: inout EnvironmentReader)
        -> LibraryConfiguration
    {
        let environment = reader.environment
        var configuration = LibraryConfiguration()
        configuration.dataDirectory = library.data ?? environment["IMAGEFEED_DATA"] ?? configuration.dataDirectory
        configuration.databaseURL =
            library.database
            ?? environment["IMAGEFEED_DATABASE_URL"].flatMap {
                $0.isEmpty ? nil : $0
            }
        configuration.storage = library.storage ?? environment["IMAGEFEED_STORAGE"].flatMap { $0.isEmpty ? nil : $0 }
        if let megapixels = library.maxMegapixels ?? reader.integer("IMAGEFEED_MAX_MEGAPIXELS") {
            configuration.imageLimits.maxPixels = megapixels * 1_000_000
        }
        if let megabytes = library.maxMegabytes ?? reader.integer("IMAGEFEED_MAX_MEGABYTES") {
            configuration.imageLimits.maxBytes = megabytes * 1024 * 1024
        }
        if let megapixels = reader.integer("IMAGEFEED_MAX_RENDITION_MEGAPIXELS") {
            configuration.renditionLimits.maxPixels = megapixels * 1_000_000
        }
        if let megapixels = reader.integer("IMAGEFEED_MAX_AVIF_MEGAPIXELS") {
            configuration.renditionLimits.maxAVIFPixels = megapixels * 1_000_000
        }
        if (cacheSize ?? environment["IMAGEFEED_CACHE_SIZE"])?.lowercased() == "unlimited" {
            configuration.renditionLimits.cacheBytes = nil
        } else if let bytes = reader.size(
            "IMAGEFEED_CACHE_SIZE", flag: cacheSize, what: "The cache size", example: "500MB or 20GB, or \"unlimited\"")
        {
            configuration.renditionLimits.cacheBytes = bytes
        }
        configuration.renditionLimits.newPerHour =
            reader.integer("IMAGEFEED_NEW_RENDITIONS_PER_HOUR") ?? configuration.renditionLimits.newPerHour
        if let timeout = reader.duration("IMAGEFEED_DATABASE_TIMEOUT", default: configuration.databaseTimeout) {
            configuration.databaseTimeout = timeout
        }
        if let timeout = reader.duration("IMAGEFEED_STORAGE_TIMEOUT", default: configuration.storageTimeouts.read) {
            configuration.storageTimeouts = (min(.seconds(3), timeout), timeout)
        }
        configuration.renditionLimits.threads = reader.integer("IMAGEFEED_RENDER_THREADS")
        configuration.renditionLimits.maxWaiting = reader.integer("IMAGEFEED_RENDER_QUEUE")
        return configuration
    }
}

extension LibraryConfiguration {
    /// The library's files for a command that reads the originals in the data directory itself (check, backup);
    /// refused, with what to use instead, for a library kept in a bucket.
    func localLibraryFiles(for command: String) throws -> LibraryFiles {
        guard storage == nil else {
            throw ValidationError(
                """
                `imagefeed \(command)` reads the originals in the data directory, and this library keeps them in \
                \(storage!). Use the storage's own tools for the bucket (versioning, replication, `aws s3 sync`) \
                and `pg_dump` for the database.
                """)
        }
        return LibraryFiles(root: dataDirectory)
    }
}
