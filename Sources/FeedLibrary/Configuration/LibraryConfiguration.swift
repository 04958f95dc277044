import FeedStore
import Foundation
import Imaging
import NIOPosix

/// The settings of a library, which the server and every command-line tool read alike (from `--data`, `--database`,
/// `--storage` and `IMAGEFEED_*` environment variables): where its database and files are, the limits on the images
/// it reads and the renditions it makes, and how hard its password hashes are.
public struct LibraryConfiguration: Sendable {
    /// Where originals, renditions and the SQLite database live.
    public var dataDirectory: String
    /// `postgres://…` for PostgreSQL; nil for the SQLite file `<data>/imagefeed.sqlite`.
    public var databaseURL: String?
    /// `s3://bucket/prefix?endpoint=…&region=…&style=…` to keep the library's files in a bucket several nodes
    /// share (the data directory then only caches); nil to keep them in the data directory.
    public var storage: String?
    /// Limits applied to every image the library reads.
    public var imageLimits: ImagingLimits
    /// The largest renditions the library makes, and the bounds of its renders and of its rendition cache.
    public var renditionLimits = RenditionLimits()
    /// bcrypt cost for new password hashes (12 or more in production; tests may lower it to run faster).
    public var bcryptCost: UInt8 = 12
    /// How long connecting to PostgreSQL, or waiting for a free connection of the pool, may take before a request
    /// that needs the database is refused with 503 (`IMAGEFEED_DATABASE_TIMEOUT`).
    public var databaseTimeout: Duration = Database.defaultTimeout
    /// How long the bucket's endpoint may take to accept a connection and to send the next bytes of an answer
    /// before a request to it is given up (`IMAGEFEED_STORAGE_TIMEOUT` sets the second; connecting gets at most 3 s).
    public var storageTimeouts = LibraryFiles.defaultStorageTimeouts

    public init(dataDirectory: String = "./data", databaseURL: String? = nil, imageLimits: ImagingLimits = .init()) {
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.imageLimits = imageLimits
    }

    /// The library's files: the data directory, or the bucket of ``storage`` with credentials from `environment`.
    public func libraryFiles(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LibraryFiles {
        try LibraryFiles.configured(
            root: dataDirectory, storage: storage, environment: environment, storageTimeouts: storageTimeouts)
    }

    /// The database URL, with the SQLite default filled in.
    public var resolvedDatabaseURL: String {
        databaseURL ?? "sqlite://" + URL(fileURLWithPath: dataDirectory).appendingPathComponent("imagefeed.sqlite").path
    }

    /// The library's password hasher, at the configured cost, on `threadPool`.
    public func passwordHasher(threadPool: NIOThreadPool = .singleton) -> PasswordHasher {
        PasswordHasher(cost: bcryptCost, threadPool: threadPool)
    }

    /// Every problem with these settings, as sentences; empty when they can be used.
    public func problems() -> [String] {
        var problems: [String] = []
        if dataDirectory.isEmpty { problems.append("The data directory must not be empty.") }
        if let databaseURL,
            !(databaseURL.hasPrefix("postgres://") || databaseURL.hasPrefix("postgresql://")
                || databaseURL.hasPrefix("sqlite://"))
        {
            problems.append(
                "The database URL must start with postgres://, postgresql:// or sqlite://; got \(databaseURL).")
        }
        if imageLimits.maxPixels < 1 { problems.append("The pixel limit must be positive.") }
        if imageLimits.maxBytes < 1 { problems.append("The byte limit must be positive.") }
        if renditionLimits.maxPixels < 1 || renditionLimits.maxAVIFPixels < 1 {
            problems.append("The rendition size limits must be positive.")
        }
        if renditionLimits.newPerHour < 1 { problems.append("IMAGEFEED_NEW_RENDITIONS_PER_HOUR must be positive.") }
        if let threads = renditionLimits.threads, threads < 1 {
            problems.append("IMAGEFEED_RENDER_THREADS must be positive.")
        }
        if let waiting = renditionLimits.maxWaiting, waiting < 0 {
            problems.append("IMAGEFEED_RENDER_QUEUE must not be negative.")
        }
        if databaseTimeout <= .zero { problems.append("IMAGEFEED_DATABASE_TIMEOUT must be positive.") }
        if storageTimeouts.read <= .zero { problems.append("IMAGEFEED_STORAGE_TIMEOUT must be positive.") }
        if let bytes = renditionLimits.cacheBytes, bytes < 1 {
            problems.append("The rendition cache size must be positive; leave it unset for no bound.")
        }
        return problems
    }
}
