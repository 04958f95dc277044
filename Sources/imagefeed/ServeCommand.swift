import ArgumentParser
import FeedLibrary
import FeedServer
import FeedStore
import Foundation
import Hummingbird
import Logging

/// `imagefeed serve`: the API, the images and the web app.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the library over HTTP.")

    @OptionGroup var library: LibraryOptions

    @Option(name: .long, help: "Interface to listen on (IMAGEFEED_HOST; default 127.0.0.1).")
    var host: String?

    @Option(name: .long, help: "Port to listen on (IMAGEFEED_PORT; default 8080).")
    var port: Int?

    @Option(
        name: .long,
        help: "Public origin used in absolute URLs, e.g. https://photos.example.com (IMAGEFEED_PUBLIC_URL).")
    var publicURL: String?

    @Option(name: .long, help: "Folder of the web app (IMAGEFEED_WEB; default ./Web when present).")
    var web: String?

    @Flag(
        name: .long,
        help: "Refuse API requests without a registered app's key or a token (IMAGEFEED_REQUIRE_CLIENT_ID=1).")
    var requireClientID = false

    @Option(
        name: .long,
        help:
            "Address of a reverse proxy in front of the server, or a range such as 10.0.0.0/8, whose Forwarded/X-Forwarded-For names the client; repeat for several (IMAGEFEED_TRUSTED_PROXIES, comma-separated)."
    )
    var trustedProxy: [String] = []

    @Option(
        name: .long,
        help:
            "A host name the server answers to when --public-url is not set, besides IP addresses, localhost and this machine's name; repeat for several, or .example.com for every name under it (IMAGEFEED_ALLOWED_HOSTS, comma-separated)."
    )
    var allowedHost: [String] = []

    @Option(
        name: .long,
        help:
            "Most disk space the rendition cache may take, e.g. 500MB or 20GB, or \"unlimited\"; the least recently used renditions go first (IMAGEFEED_CACHE_SIZE; default 10GB)."
    )
    var cacheSize: String?

    @Option(
        name: .long,
        help:
            "Sync every remote source at start and then this often, e.g. 30m, 1h or 1d (IMAGEFEED_SYNC_EVERY; default: only `imagefeed sources sync` syncs)."
    )
    var syncEvery: String?

    @Option(
        name: .long,
        help:
            "Close a connection with no request under way for this long: idle kept-alive connections, request heads or bodies that stop coming, e.g. 75s, or \"none\" (IMAGEFEED_IDLE_TIMEOUT; default 75s)."
    )
    var idleTimeout: String?

    @Option(
        name: .long,
        help:
            "Close a connection whose client takes none of its answer for this long, e.g. 60s, or \"none\" (IMAGEFEED_WRITE_TIMEOUT; default 60s)."
    )
    var writeTimeout: String?

    @Option(
        name: .long,
        help:
            "Most connections open at once; at the limit idle ones are closed to make room, or \"none\" (IMAGEFEED_MAX_CONNECTIONS; default 10000)."
    )
    var maxConnections: String?

    @OptionGroup(title: "Firebase") var firebase: FirebaseOptions

    @OptionGroup(title: "Firebase Realtime Database") var database: DatabaseOptions

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        // A file-size limit (RLIMIT_FSIZE) makes a write past it fail with EFBIG, answered as a full disk, instead
        // of killing the process with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        var logger = Logger(label: "imagefeed")
        logger.logLevel =
            Logger.Level(rawValue: ProcessInfo.processInfo.environment["IMAGEFEED_LOG_LEVEL"] ?? "info") ?? .info
        let configuration: Configuration
        do {
            configuration = try ConfigurationLoader.load(
                library: library, host: host, port: port, publicURL: publicURL,
                requireClientID: requireClientID ? true : nil,
                web: web, trustedProxies: trustedProxy.isEmpty ? nil : trustedProxy,
                allowedHosts: allowedHost.isEmpty ? nil : allowedHost, cacheSize: cacheSize,
                syncEvery: syncEvery, idleTimeout: idleTimeout, writeTimeout: writeTimeout,
                maxConnections: maxConnections, firebase: firebase.flags, database: database
            )
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        FileLimit.raise(toFit: configuration.connections.maxConnections, logger: logger)
        do {
            let app = try await buildApplication(configuration, logger: logger)
            let shownHost = configuration.host == "0.0.0.0" ? "localhost" : configuration.host
            print("ImageFeed is serving http://\(shownHost):\(configuration.port)/  (Ctrl-C to stop)")
            if configuration.database.port != 0 {
                print("The Realtime Database is at http://\(shownHost):\(configuration.database.port)/")
            }
            fflush(nil)  // flushes standard output, which is block-buffered when it is not a terminal (make, logs)
            try await app.runService()
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        } catch let error as StoreError {
            throw ValidationError("ImageFeed cannot start: \(error)")
        }
    }
}
