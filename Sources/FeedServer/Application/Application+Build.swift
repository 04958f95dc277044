import FeedKit
import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Storage

/// Builds the whole server from its configuration: opens (and migrates) the database, prepares the data
/// directory and wires every route. `imagefeed serve` and the tests both call it.
public func buildApplication(_ configuration: Configuration, logger: Logger? = nil) async throws
    -> some ApplicationProtocol
{
    let logger = logger ?? Logger(label: "imagefeed")
    let problems = configuration.problems()
    guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
    // Storage rules that do not compile stop the start before the database is opened.
    _ = try RulesStorageAccess.load(file: configuration.firebase.storageRulesFile)
    let files = try configuration.libraryFiles()
    let store = try await LibraryStore.open(
        url: configuration.resolvedDatabaseURL, logger: logger, timeout: configuration.library.databaseTimeout)
    return try await buildApplication(configuration, store: store, files: files, logger: logger)
}

/// Builds the server over a store that is already open. The application closes the store when it stops.
///
/// - Parameters:
///   - routes: the table the routes are recorded in; pass one to read the URL space afterwards (tests do).
///   - clock: what the caches measure time with.
///   - now: the date and time Firebase's tokens, links and uploads are issued and checked at.
public func buildApplication(
    _ configuration: Configuration, store: LibraryStore, files: LibraryFiles, logger: Logger,
    routes: RouteTable = RouteTable(), clock: any MonotonicClock = SystemClock(),
    now: @escaping @Sendable () -> Date = Date.init
) async throws -> some ApplicationProtocol {
    // Rules that do not compile stop the start, before anything is opened that would need closing.
    let storageRules = try RulesStorageAccess.load(file: configuration.firebase.storageRulesFile)
    try files.prepare()
    try Imaging.start()
    let threadPool = NIOThreadPool(numberOfThreads: System.coreCount)
    threadPool.start()
    let imaging = Imaging(limits: configuration.imageLimits)
    // Renditions get their own threads, so a burst of them never delays a sign-in's bcrypt or an upload's checks.
    let renditionThreads = configuration.renditionLimits.threads ?? System.coreCount
    let renditionPool = NIOThreadPool(numberOfThreads: renditionThreads)
    let metrics = ServerMetrics()
    renditionPool.start()
    let cacheLimit = RenditionCacheLimit(
        folder: files.renditions.path, budget: configuration.renditionLimits.cacheBytes)
    // The renditions served lately and the answers to their exact URLs, kept in memory above the files for the
    // cache-first path; the service drops them with the files of a deleted photo.
    let memory = RenditionMemory(limit: cacheLimit, clock: clock)
    let answers = RenditionAnswers(limit: cacheLimit, clock: clock)
    let renditions = RenditionService(
        imaging: imaging, files: files, threadPool: renditionPool, threads: renditionThreads,
        maxWaiting: configuration.renditionLimits.maxWaiting ?? renditionThreads * 8, limit: cacheLimit,
        metrics: metrics.library,
        forget: { folder in
            memory.forget(under: folder)
            answers.forget(under: folder)
        })
    let ingester = PhotoIngester(store: store, files: files, imaging: imaging, metrics: metrics.library)
    let responseCache =
        configuration.responseCacheMaxAge > .zero
        ? ResponseCache(store: store, maxAge: configuration.responseCacheMaxAge, clock: clock) : nil

    let hasher = configuration.library.passwordHasher(threadPool: threadPool)
    let throttle = LoginThrottle(delayStep: configuration.loginDelayStep)
    let firebaseTokens = IDTokenSigner(store: store, settings: configuration.firebase, now: now)
    let firebaseAuth = FirebaseAuthService(
        store: store, hasher: hasher, throttle: throttle, tokens: firebaseTokens, settings: configuration.firebase,
        removeFiles: { orphans in await renditions.remove(orphans, recordingIn: store) }, logger: logger, now: now)

    let views = ViewCounter()
    // The pages' languages: the web app's catalogues, or English alone with no web app.
    let catalogues = try Catalogues(webDirectory: configuration.webDirectory)
    let router = Router(context: FeedRequestContext.self, options: .autoGenerateHeadEndpoints)
    let clientAddress = ClientAddress(trustedProxies: TrustedProxies(configuration.trustedProxies))
    let site = SiteOrigin(
        publicURL: configuration.publicURL, allowedHosts: configuration.allowedHosts,
        trustedProxies: clientAddress.trustedProxies)
    let groups = URLSpace(
        router: router, table: routes,
        middleware: URLSpace.Middleware(
            store: store,
            apiLimiter: SharedRateLimiter(
                store: store, limit: configuration.rateLimitPerHour, flushInterval: configuration.rateLimitFlushInterval
            ),
            imageLimiter: SharedRateLimiter(
                store: store, limit: configuration.imageRateLimitPerHour,
                flushInterval: configuration.rateLimitFlushInterval
            ),
            responseCache: responseCache, views: views, credentials: CredentialDirectory(store: store, clock: clock),
            requireClientID: configuration.requireClientID, site: site,
            clientAddress: clientAddress, metrics: metrics, firebase: firebaseAuth, catalogues: catalogues
        ))

    let network = URLSessionTransport()
    let photos = PhotosController(
        store: store, ingester: ingester, files: files, renditions: renditions, threadPool: threadPool,
        downloads: DownloadTracker(store: store, network: network)
    )
    photos.addRoutes(to: groups.api)
    SearchController(store: store).addRoutes(to: groups.api)
    UsersController(store: store).addRoutes(to: groups.api)
    CollectionsController(store: store).addRoutes(to: groups.api)
    TopicsController(store: store).addRoutes(to: groups.api)
    StatisticsController(store: store).addRoutes(to: groups.api)
    MeController(store: store, ingester: ingester, threadPool: threadPool, languages: catalogues.codes)
        .addRoutes(to: groups.api)
    DevicesController().addRoutes(to: groups.api)
    let images = ImageController(
        store: store, renditions: renditions, memory: memory, answers: answers, metrics: metrics,
        limits: configuration.renditionLimits,
        newRenditions: SharedRateLimiter(
            store: store, limit: configuration.renditionLimits.newPerHour,
            flushInterval: configuration.rateLimitFlushInterval))
    images.addRoutes(to: groups.images)
    DialectImageController(store: store, images: images).addRoutes(to: groups.images)
    FlickrController(store: store).addRoutes(to: groups.flickr)
    PixabayController(
        store: store,
        limiter: SharedRateLimiter(
            store: store, limit: configuration.pixabayRateLimitPerMinute, windowSeconds: 60,
            flushInterval: configuration.rateLimitFlushInterval
        )
    ).addRoutes(to: groups.pixabay)
    JSONPlaceholderController(store: store, renditions: renditions, threadPool: threadPool)
        .addRoutes(to: groups.jsonPlaceholder)
    FlickrOAuthController(store: store).addRoutes(flickr: groups.flickr, pages: groups.pages)
    AvatarController(store: store, renditions: renditions).addRoutes(to: groups.images)
    AccountController(store: store, hasher: hasher, throttle: throttle).addRoutes(to: groups.pages)
    OAuthController(store: store).addRoutes(pages: groups.pages, endpoints: groups.oauth)
    ShareController(store: store, catalogues: catalogues).addRoutes(to: groups.webApp)
    let firebaseStorage = FirebaseStorageService(
        store: store, blobs: files.store,
        access: storageRules,
        settings: configuration.firebase, scratch: files.scratch.path, logger: logger, now: now)
    FirebaseStorageController(storage: firebaseStorage).addRoutes(to: groups.firebase.storage)
    CloudStorageController(storage: firebaseStorage, projectID: configuration.firebase.projectID)
        .addRoutes(to: groups.firebase.cloudStorage)
    IdentityToolkitController(auth: firebaseAuth).addRoutes(to: groups.firebase.auth)
    FirebaseActionController(auth: firebaseAuth).addRoutes(to: groups.pages)
    FirebaseAdminController(auth: firebaseAuth, tokens: firebaseTokens, projectID: configuration.firebase.projectID)
        .addRoutes(admin: groups.firebase.admin, keys: groups.firebase.keys)
    let registry = ConnectionRegistry(logger: logger, closing: { metrics.connectionClosed($0.rawValue) })
    let connections = configuration.connections.shared(through: registry, logger: logger)
    OperationsController(store: store, files: files, metrics: metrics, connections: registry)
        .addRoutes(to: groups.operations)
    if let webDirectory = configuration.webDirectory {
        // The first feed page inside index.html is the feed's own cached answer.
        let firstPage: WebAppController.InternalRequest = { request, context in
            let feed: @Sendable (Request, FeedRequestContext) async throws -> Response = { request, context in
                try await photos.list(request, context: context).response(from: request, context: context)
            }
            guard let responseCache else { return try await feed(request, context) }
            return try await ResponseCacheMiddleware(cache: responseCache).handle(request, context: context, next: feed)
        }
        WebAppController(files: WebAppFiles(root: webDirectory), firstPage: firstPage).addRoutes(to: groups.webApp)
    }
    groups.addDerivedRoutes()

    // Services stop last first: the views are written before the database closes, and the cache's sweeps stop
    // before the thread pools.
    var services: [any Service] = [
        ResourcesService(store: store, threadPools: [threadPool, renditionPool], logger: logger),
        ViewCounterService(counter: views, store: store, interval: configuration.viewFlushInterval, logger: logger),
    ]
    services.append(FirebaseStorageSweeper(storage: firebaseStorage, interval: .seconds(3600), logger: logger))
    if configuration.renditionLimits.cacheBytes != nil {
        // Sweeps walk the disk on the general pool: the renditions' threads are counted out to renders.
        services.append(
            RenditionCacheService(
                limit: cacheLimit, threadPool: threadPool, interval: configuration.renditionLimits.cacheSweepInterval,
                logger: logger))
    }
    if files.isShared {
        services.append(
            RemovalFollower(
                store: store, renditions: renditions, interval: configuration.removalFollowInterval, logger: logger))
    }
    if configuration.database.port != 0 {
        // People's ID tokens are Authentication's, and its admin is the database's: one Firebase, one admin token.
        let database = RealtimeDatabase(
            store: store, settings: configuration.database, verifier: FirebaseIDTokenVerifier(auth: firebaseAuth),
            logger: logger)
        try await loadDatabaseRules(configuration.database, into: database)
        // The feed is listed after the database's listener so that it stops first: ending its subscriptions ends the
        // listener's streams, which then drains.
        services.append(
            buildDatabaseApplication(
                database, admin: FirebaseAdminGate(settings: configuration.firebase), host: configuration.host,
                trustedProxies: configuration.trustedProxies, logger: logger))
        services.append(database.feed)
        services.append(DatabaseMaintenanceService(database: database, logger: logger))
        // Runs the WebSocket connections' onDisconnect operations of nodes that died (issue 31).
        services.append(DatabaseDisconnectService(database: database, logger: logger))
    }
    services.append(
        PendingDeletionService(
            files: files, store: store, interval: configuration.deletionRetryInterval, logger: logger,
            waiting: { metrics.pendingDeletions($0) }))
    if let interval = configuration.syncEvery {
        services.append(
            SourceSyncService(
                syncer: SourceSyncer(store: store, files: files, imaging: imaging, logger: logger, network: network),
                interval: interval, logger: logger))
    }
    let serverName = "ImageFeed"
    let fastRouter = FastRouter(routes)
    router.add(middleware: UnknownMethodMiddleware(routes: fastRouter))
    let fastLog = FastPathLog(logger: logger, metrics: metrics, serverName: serverName, dates: HTTPDateCache())
    let useFastPath = configuration.fastPath && !fastRouter.isEmpty
    return Application(
        router: router,
        server: .http1(
            configuration: .init(
                // The connection's guard goes first: the decoder's errors reach it before any other, and it sees every
                // answer, the fast path's too.
                additionalChannelHandlers: [ConnectionGuard(settings: connections)]
                    + (useFastPath
                        ? [FastPathHandler(router: fastRouter, log: fastLog, clientAddress: clientAddress, site: site)]
                        : []),
                // The guard keeps the idle timeout: the framework's own would not see the fast path's answers, and
                // would close a connection busy with them.
                idleTimeout: nil
            )),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: serverName,
            availableConnectionsDelegate: connections.maxConnections.map {
                ConnectionLimit(max: $0, registry: registry)
            }),
        services: services,
        logger: logger
    )
}
