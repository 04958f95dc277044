import Foundation
import Imaging

/// Every setting of the server, from flags and `IMAGEFEED_*` environment variables, with defaults that make
/// `make run` work on a fresh machine.
public struct Configuration: Sendable {
    /// Interface to listen on.
    public var host: String
    /// Port to listen on.
    public var port: Int
    /// Where originals, renditions and the SQLite database live.
    public var dataDirectory: String
    /// `postgres://…` for PostgreSQL; nil for the SQLite file `<data>/imagefeed.sqlite`.
    public var databaseURL: String?
    /// `s3://bucket/prefix?endpoint=…&region=…&style=…` to keep the library's files in a bucket several nodes
    /// share (the data directory then only caches); nil to keep them in the data directory.
    public var storage: String?
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
    /// Limits applied to every image the server reads.
    public var imageLimits: ImagingLimits
    /// The largest renditions the server makes: an anonymous request must not be able to take the memory and the
    /// cores of the machine for a minute.
    public var renditionLimits = RenditionLimits()
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
    /// bcrypt cost for new password hashes (12 or more in production; tests may lower it to run faster).
    public var bcryptCost: UInt8 = 12
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
    /// Firebase Authentication and Storage: the project, the bucket, the admin token, the Storage rules.
    public var firebase = FirebaseSettings()

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
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.publicURL = publicURL
        self.webDirectory = webDirectory
        self.imageLimits = imageLimits
        self.rateLimitPerHour = rateLimitPerHour
    }

    /// The library's files: in the data directory, or in the bucket `storage` names, with credentials from the
    /// standard `AWS_*` variables of `environment`.
    public func libraryFiles(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LibraryFiles {
        try LibraryFiles.configured(root: dataDirectory, storage: storage, environment: environment)
    }

    /// The database to open: the configured URL, or the SQLite file in the data directory.
    public var resolvedDatabaseURL: String {
        databaseURL ?? "sqlite://" + URL(fileURLWithPath: dataDirectory).appendingPathComponent("imagefeed.sqlite").path
    }

    /// Every problem with the settings, as sentences; empty when they are usable. Start-up lists them all at once.
    public func problems() -> [String] {
        var problems: [String] = []
        if !(1...65535).contains(port) { problems.append("The port must be between 1 and 65535; got \(port).") }
        if host.isEmpty { problems.append("The host must not be empty.") }
        if dataDirectory.isEmpty { problems.append("The data directory must not be empty.") }
        if let databaseURL, !(databaseURL.hasPrefix("postgres://") || databaseURL.hasPrefix("postgresql://")
            || databaseURL.hasPrefix("sqlite://"))
        {
            problems.append("The database URL must start with postgres://, postgresql:// or sqlite://; got \(databaseURL).")
        }
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
        if imageLimits.maxPixels < 1 { problems.append("The pixel limit must be positive.") }
        if imageLimits.maxBytes < 1 { problems.append("The byte limit must be positive.") }
        if renditionLimits.maxPixels < 1 || renditionLimits.maxAVIFPixels < 1 {
            problems.append("The rendition size limits must be positive.")
        }
        if renditionLimits.newPerHour < 1 { problems.append("IMAGEFEED_NEW_RENDITIONS_PER_HOUR must be positive.") }
        if let threads = renditionLimits.threads, threads < 1 { problems.append("IMAGEFEED_RENDER_THREADS must be positive.") }
        if let waiting = renditionLimits.maxWaiting, waiting < 0 {
            problems.append("IMAGEFEED_RENDER_QUEUE must not be negative.")
        }
        if let bytes = renditionLimits.cacheBytes, bytes < 1 {
            problems.append("The rendition cache size must be positive; leave it unset for no bound.")
        }
        if rateLimitPerHour < 1 { problems.append("The rate limit must be positive.") }
        if imageRateLimitPerHour < 1 { problems.append("The image rate limit must be positive.") }
        if pixabayRateLimitPerMinute < 1 { problems.append("The Pixabay rate limit must be positive.") }
        problems += firebase.problems()
        return problems
    }
}

/// Settings that could not be used, each named.
public struct ConfigurationError: Error, CustomStringConvertible {
    public var problems: [String]

    public init(problems: [String]) {
        self.problems = problems
    }

    public var description: String {
        "ImageFeed cannot start:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// How large a rendition may be, in output pixels.
public struct RenditionLimits: Sendable, Hashable {
    /// Any format: 40 MP by default (8K is 33 MP).
    public var maxPixels = 40_000_000
    /// AVIF, whose encoder costs about 0.18 s per megapixel even at low effort: 4 MP by default (2560 × 1600).
    public var maxAVIFPixels = 4_000_000
    /// Renditions not in the cache yet that one address may have made per hour (cached ones are not counted): a
    /// person scrolling asks for a few sizes per photo; a script asking for every size of every photo is stopped.
    public var newPerHour = 1200
    /// Renders at once, each on a thread of the renditions' own pool; nil for one per core.
    public var threads: Int?
    /// Renders that may wait for a thread; the next is a 503 with `Retry-After`. nil for eight per thread.
    public var maxWaiting: Int?
    /// The most bytes the rendition cache on disk may take before the least recently used renditions are removed
    /// (they are made again when asked for); nil for no bound. 10 GiB by default: about 50,000 photos' feed sizes.
    public var cacheBytes: Int? = 10 << 30
    /// How often the cache is measured even when this process wrote nothing: other processes write to it too.
    public var cacheSweepInterval: Duration = .seconds(600)

    public init(maxPixels: Int = 40_000_000, maxAVIFPixels: Int = 4_000_000, newPerHour: Int = 1200) {
        self.maxPixels = maxPixels
        self.maxAVIFPixels = maxAVIFPixels
        self.newPerHour = newPerHour
    }

    /// Why a rendition of `size` in `format` is refused, or nil when it is within the limits.
    func refusal(_ size: (width: Int, height: Int), format: OutputFormat) -> String? {
        let pixels = size.width * size.height
        func megapixels(_ value: Int) -> String { String(format: "%.1f MP", Double(value) / 1_000_000) }
        let described = "\(size.width) × \(size.height) pixels (\(megapixels(pixels)))"
        if pixels > maxPixels {
            return "This rendition would be \(described); the limit is \(megapixels(maxPixels)). Ask for a smaller w, h or dpr."
        }
        if format == .avif, pixels > maxAVIFPixels {
            return "An AVIF rendition would be \(described); AVIF is limited to \(megapixels(maxAVIFPixels)). "
                + "Ask for a smaller size, or fm=webp or fm=jpg."
        }
        return nil
    }
}
