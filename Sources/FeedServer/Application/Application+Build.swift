import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Builds the whole server from its configuration: opens (and migrates) the database, prepares the data
/// directory and wires every route. `imagefeed serve` and the tests both call it.
public func buildApplication(_ configuration: Configuration, logger: Logger? = nil) async throws
    -> some ApplicationProtocol
{
    let logger = logger ?? Logger(label: "imagefeed")
    let problems = configuration.problems()
    guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
    let files = LibraryFiles(root: configuration.dataDirectory)
    let store = try await LibraryStore.open(url: configuration.resolvedDatabaseURL, logger: logger)
    return try await buildApplication(configuration, store: store, files: files, logger: logger)
}

/// Builds the server over a store that is already open. The application closes the store when it stops.
public func buildApplication(
    _ configuration: Configuration, store: LibraryStore, files: LibraryFiles, logger: Logger
) async throws -> some ApplicationProtocol {
    try files.prepare()
    try Imaging.start()
    let threadPool = NIOThreadPool(numberOfThreads: System.coreCount)
    threadPool.start()
    let imaging = Imaging(limits: configuration.imageLimits)
    let renditions = RenditionService(imaging: imaging, files: files, threadPool: threadPool)

    let router = Router(context: FeedRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: CORSHeadersMiddleware())
    let limiter = SharedRateLimiter(
        store: store, limit: configuration.rateLimitPerHour, flushInterval: configuration.rateLimitFlushInterval
    )
    router.add(middleware: RateLimitMiddleware(limiter: limiter))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: AuthenticationMiddleware(store: store, publicURL: configuration.publicURL))
    router.add(middleware: CSRFMiddleware(publicURL: configuration.publicURL))
    let ingester = PhotoIngester(store: store, files: files, imaging: imaging)
    let photos = PhotosController(
        store: store, publicURL: configuration.publicURL, ingester: ingester, threadPool: threadPool
    )
    let responseCache = configuration.responseCacheMaxAge > .zero
        ? ResponseCacheMiddleware(
            cache: ResponseCache(store: store, maxAge: configuration.responseCacheMaxAge),
            publicURL: configuration.publicURL
        )
        : nil
    if let webDirectory = configuration.webDirectory {
        let firstPage: WebAppMiddleware.InternalRequest = { request, context in
            guard let responseCache else { return try await photos.list(request, context: context) }
            return try await responseCache.handle(request, context: context, next: photos.list)
        }
        router.add(middleware: WebAppMiddleware(files: WebAppFiles(root: webDirectory), firstPage: firstPage))
    }
    if let responseCache { router.add(middleware: responseCache) }

    photos.addRoutes(to: router)
    SearchController(store: store, publicURL: configuration.publicURL).addRoutes(to: router)
    UsersController(store: store, publicURL: configuration.publicURL).addRoutes(to: router)
    CollectionsController(store: store, publicURL: configuration.publicURL).addRoutes(to: router)
    ImageController(store: store, renditions: renditions).addRoutes(to: router)
    AvatarController(store: store, renditions: renditions, files: files).addRoutes(to: router)
    MeController(store: store, publicURL: configuration.publicURL, ingester: ingester, threadPool: threadPool)
        .addRoutes(to: router)
    DevicesController().addRoutes(to: router)
    ShareController(store: store, publicURL: configuration.publicURL).addRoutes(to: router)
    AccountController(
        store: store, hasher: PasswordHasher(cost: configuration.bcryptCost, threadPool: threadPool),
        throttle: LoginThrottle(delayStep: configuration.loginDelayStep), publicURL: configuration.publicURL
    ).addRoutes(to: router)
    OAuthController(store: store, publicURL: configuration.publicURL).addRoutes(to: router)
    Routes.addMethodNotAllowed(to: router)

    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "ImageFeed"),
        services: [ResourcesService(store: store, threadPool: threadPool, logger: logger)],
        logger: logger
    )
}

/// Holds the database and the imaging thread pool for the application's lifetime and closes them on shutdown
/// (SIGTERM or SIGINT), after the server has stopped taking requests.
struct ResourcesService: Service {
    let store: LibraryStore
    let threadPool: NIOThreadPool
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        try await threadPool.shutdownGracefully()
        try await store.database.shutdown()
        logger.info("Closed the database")
    }
}
