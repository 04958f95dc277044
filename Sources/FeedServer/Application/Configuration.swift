import FeedLibrary
import Foundation
import Imaging

/// Every setting of the server, from flags and `IMAGEFEED_*` environment variables, with defaults that make
/// `make run` work on a fresh machine.
public struct Configuration: Sendable {
    /// The library's own settings, which the command-line tools read too: its database, files and limits.
    public var library: LibraryConfiguration
    /// Interface to listen on.
    public var host: String
    /// Port to listen on.
    public var port: Int
    /// The public origin (`https://photos.example.com`) used in absolute URLs; nil to use each request's Host.
    public var publicURL: String?
    /// Addresses of reverse proxies in front of the server, or their ranges (`10.0.0.0/8`, a CDN's published
    /// ranges): from them, the client's address is read from `Forwarded` or `X-Forwarded-For`, so limits and sign-in
    /// throttling count per client, not per proxy.
    public var trustedProxies: [String] = []
    /// Host names the server answers to without a public URL, besides IP addresses, `localhost` and the machine's
    /// own name (see `SiteOrigin`); `.example.com` allows every name under it.
    public var allowedHosts: [String] = []
    /// Folder of the web app's static files; nil to serve no web app.
    public var webDirectory: String?
    /// API requests allowed per client per hour.
    public var rateLimitPerHour: Int
    /// Image requests (`/img`, `/avatars`) allowed per address per hour: far more than a person scrolling takes,
    /// few enough to stop one address from hammering the renderer.
    public var imageRateLimitPerHour: Int = 36_000
    /// Pixabay-dialect requests allowed per key per minute: Pixabay's own limit, so apps written for it behave as
    /// they would there.
    public var pixabayRateLimitPerMinute: Int = 100
    /// How often each process adds its rate-limit counts to the shared database counters.
    public var rateLimitFlushInterval: TimeInterval = 1
    /// Extra delay per earlier failure on a failed sign-in (the "slow down" before the 429).
    public var loginDelayStep: Duration = .milliseconds(250)
    /// How long cached API responses are trusted without asking the database whether another process changed the
    /// library (this process's own writes are seen at once); zero turns the response cache off.
    public var responseCacheMaxAge: Duration = .milliseconds(500)
    /// Answer requests whose answer is in memory (cached renditions, anonymous cached API reads) on the event loop,
    /// in front of the router (see `FastPathHandler`); off, every request goes through the router.
    public var fastPath = true
    /// API requests must name a registered app (`Client-ID`, `client_id` or a token); off, callers without any
    /// credential are public (anonymous, limited by address). An unknown key is refused either way.
    public var requireClientID = false
    /// How often gathered photo views are written to the database.
    public var viewFlushInterval: Duration = .seconds(2)
    /// How often `serve` syncs every remote source (`--sync-every`); nil: only `imagefeed sources sync` does.
    public var syncEvery: Duration?
    /// With a bucket, how often a node reads the deletions other nodes made, to drop those photos' renditions from
    /// its own cache (see `RemovalFollower`).
    public var removalFollowInterval: Duration = .seconds(2)
    /// How often deletions the storage did not take are tried again (see `PendingDeletionService`), by one node of
    /// the cluster per period.
    public var deletionRetryInterval: Duration = .seconds(30)
    /// How long connections may stay idle or stalled, and how many may be open (`--idle-timeout`, `--write-timeout`,
    /// `--max-connections`).
    public var connections = ConnectionSettings()
    /// Firebase Authentication and Storage: the project, the bucket, the admin token (the Realtime Database's
    /// too), the Storage rules.
    public var firebase = FirebaseSettings()
    /// The Firebase Realtime Database: its port (0: not served), rules, limits and timings.
    public var database = DatabaseSettings()

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: String = "./data",
        databaseURL: String? = nil,
        publicURL: String? = nil,
        webDirectory: String? = nil,
        imageLimits: ImagingLimits = .init(),
        rateLimitPerHour: Int = 5000
    ) {
        self.library = LibraryConfiguration(
            dataDirectory: dataDirectory, databaseURL: databaseURL, imageLimits: imageLimits)
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.webDirectory = webDirectory
        self.rateLimitPerHour = rateLimitPerHour
    }

    /// The library's files: in the data directory, or in the bucket `storage` names, with credentials from the
    /// standard `AWS_*` variables of `environment`.
    public func libraryFiles(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LibraryFiles {
        try library.libraryFiles(environment: environment)
    }

    /// The database to open: the configured URL, or the SQLite file in the data directory.
    public var resolvedDatabaseURL: String { library.resolvedDatabaseURL }

    /// Every problem with the settings, as sentences; empty when they are usable. Start-up lists them all at once.
    public func problems() -> [String] {
        var problems: [String] = []
        if !(1...65535).contains(port) { problems.append("The port must be between 1 and 65535; got \(port).") }
        if host.isEmpty { problems.append("The host must not be empty.") }
        if let publicURL {
            if let url = URL(string: publicURL), url.scheme == "http" || url.scheme == "https", url.host != nil {
                // fine
            } else {
                problems.append("The public URL must be an absolute http(s) URL; got \(publicURL).")
            }
        }
        for entry in TrustedProxies(trustedProxies).invalid {
            problems.append("A trusted proxy must be an IP address or a range such as 10.0.0.0/8; got \(entry).")
        }
        if rateLimitPerHour < 1 { problems.append("The rate limit must be positive.") }
        if imageRateLimitPerHour < 1 { problems.append("The image rate limit must be positive.") }
        if pixabayRateLimitPerMinute < 1 { problems.append("The Pixabay rate limit must be positive.") }
        problems += database.problems()
        if database.port == port { problems.append("The database port must differ from the port (\(port)).") }
        if let limit = connections.maxConnections, limit < 1 {
            problems.append("The connection limit must be positive; leave it unset for none.")
        }
        if let timeout = connections.idleTimeout, timeout <= .zero {
            problems.append("The idle timeout must be positive; leave it unset for none.")
        }
        if let timeout = connections.writeTimeout, timeout <= .zero {
            problems.append("The write timeout must be positive; leave it unset for none.")
        }
        return problems + firebase.problems() + library.problems()
    }
}

extension Configuration {
    /// ``LibraryConfiguration/dataDirectory``.
    public var dataDirectory: String {
        get { library.dataDirectory }
        set { library.dataDirectory = newValue }
    }

    /// ``LibraryConfiguration/databaseURL``.
    public var databaseURL: String? {
        get { library.databaseURL }
        set { library.databaseURL = newValue }
    }

    /// ``LibraryConfiguration/storage``.
    public var storage: String? {
        get { library.storage }
        set { library.storage = newValue }
    }

    /// ``LibraryConfiguration/imageLimits``.
    public var imageLimits: ImagingLimits {
        get { library.imageLimits }
        set { library.imageLimits = newValue }
    }

    /// ``LibraryConfiguration/renditionLimits``.
    public var renditionLimits: RenditionLimits {
        get { library.renditionLimits }
        set { library.renditionLimits = newValue }
    }

    /// ``LibraryConfiguration/bcryptCost``.
    public var bcryptCost: UInt8 {
        get { library.bcryptCost }
        set { library.bcryptCost = newValue }
    }
}
