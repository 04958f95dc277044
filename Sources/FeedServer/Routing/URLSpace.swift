import FeedLibrary
import FeedStore
import HTTPTypes
import Hummingbird

/// The server's route groups, each with its middleware stack, over one router. This is the only place that says
/// which middleware a request gets: by the group its route is registered in, never by its path.
///
/// Every request first passes the router's own middleware (its id, its metrics, the client's address, the log line,
/// the origin, and JSON errors for paths that match no route); then its group's:
///
/// | group | middleware, outermost first |
/// |---|---|
/// | `api` | CORS, rate limit (with `X-Ratelimit-*`), JSON errors, credentials (token, client id, session), CSRF for session requests |
/// | `apiCachedReads` | `api`'s, then the response cache |
/// | `apiCountedReads` | `api`'s, then the view counter, then the response cache |
/// | `oauth` | CORS, JSON errors |
/// | `images` | CORS, the image limiter, JSON errors |
/// | `pages` | JSON errors, the session, the pages' language, CSRF for every unsafe request |
/// | `webApp` | none |
/// | `flickr` | CORS, rate limit |
/// | `pixabay` | CORS (the handler keeps Pixabay's own limit) |
/// | `jsonPlaceholder` | `api`'s, with no key required |
/// | `operations` | none |
/// | `firebaseAuth` | Firebase CORS, Google errors, Firebase rate limit, admin token, web API key (unless admin) |
/// | `firebaseAdmin` | Firebase CORS, Google errors, Firebase rate limit, admin token (required) |
/// | `firebaseKeys` | Firebase CORS, Google errors |
/// | `firebaseStorage` | Firebase CORS, `/v0` errors, Firebase rate limit, admin token or ID token |
/// | `cloudStorage` | Firebase CORS, GCS errors, Firebase rate limit, admin token (required) |
///
/// Some routes can answer from memory (cached API reads, cached renditions); the groups that hold them also have a
/// ``FastStack``, the same middleware made synchronous, so that ``FastPathHandler`` can answer those requests on the
/// event loop with exactly what the router would answer.
struct URLSpace {
    /// What the middleware of the groups needs.
    struct Middleware {
        let store: LibraryStore
        let apiLimiter: SharedRateLimiter
        let imageLimiter: SharedRateLimiter
        let responseCache: ResponseCache?
        let views: ViewCounter
        let credentials: CredentialDirectory
        let requireClientID: Bool
        /// The origins this server answers to.
        let site: SiteOrigin
        /// Reads the client's address through the trusted reverse proxies.
        let clientAddress: ClientAddress
        let metrics: ServerMetrics
        /// Firebase's accounts and tokens, for the Storage groups' ID tokens.
        let firebase: FirebaseAuthService
        /// The languages of the server's pages.
        let catalogues: Catalogues
    }

    let api: APIRoutes
    let oauth: RouteGroup
    let images: RouteGroup
    let pages: RouteGroup
    let webApp: RouteGroup
    let flickr: RouteGroup
    let pixabay: RouteGroup
    let jsonPlaceholder: RouteGroup
    let operations: RouteGroup
    let firebase: FirebaseRoutes
    let table: RouteTable
    /// Where the page group's 405s and `OPTIONS` go: a wrong method is refused as such, before any session or CSRF
    /// check (a form that cannot be posted to needs no cross-site check).
    private let pageMethodErrors: RouterGroup<FeedRequestContext>

    init(router: Router<FeedRequestContext>, table: RouteTable, middleware: Middleware) {
        self.table = table
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: MetricsMiddleware(metrics: middleware.metrics))
        router.add(middleware: ClientAddressMiddleware<FeedRequestContext>(resolver: middleware.clientAddress))
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: OriginMiddleware(site: middleware.site))
        router.add(middleware: ErrorMiddleware())

        let apiStack = { (requireKey: Bool) in
            router.group()
                .add(middleware: CORSHeadersMiddleware())
                .add(
                    middleware: RateLimitMiddleware(limiter: middleware.apiLimiter, style: .api(middleware.credentials))
                )
                .add(middleware: ErrorMiddleware())
                .add(
                    middleware: AuthenticationMiddleware(
                        store: middleware.store, credentials: .api(middleware.credentials, requireKey: requireKey)
                    )
                )
                .add(middleware: CSRFMiddleware(policy: .sessionRequests))
        }
        let api = apiStack(middleware.requireClientID)
        let cachedReads = api.group()
        // Views are counted outside the cache, so that an answer from the cache counts too.
        let countedReads = api.group().add(middleware: ViewCountingMiddleware(counter: middleware.views))
        if let cache = middleware.responseCache {
            // Errors become answers inside the cache, so that they too say what the cache did.
            for group in [cachedReads, countedReads] {
                group.add(middleware: ResponseCacheMiddleware(cache: cache)).add(middleware: ErrorMiddleware())
            }
        }
        let fastStack = middleware.responseCache.map { cache in
            FastStack(
                cors: true, limiter: (middleware.apiLimiter, .api(middleware.credentials)), authenticates: true,
                requiresCredential: middleware.requireClientID,
                cache: cache
            )
        }
        self.api = APIRoutes(
            cachedReads: RouteGroup(kind: .apiCachedReads, router: cachedReads, table: table, fastStack: fastStack),
            countedReads: RouteGroup(
                kind: .apiCountedReads, router: countedReads, table: table,
                fastStack: fastStack.map { stack in
                    var stack = stack
                    stack.views = middleware.views
                    return stack
                }
            ),
            uncached: RouteGroup(kind: .api, router: api, table: table)
        )
        oauth = RouteGroup(
            kind: .oauth,
            router: router.group()
                .add(middleware: CORSHeadersMiddleware())
                .add(middleware: ErrorMiddleware()), table: table)
        images = RouteGroup(
            kind: .images,
            router: router.group()
                .add(middleware: CORSHeadersMiddleware())
                .add(middleware: RateLimitMiddleware(limiter: middleware.imageLimiter, style: .images))
                .add(middleware: ErrorMiddleware()), table: table,
            fastStack: FastStack(cors: true, limiter: (middleware.imageLimiter, .images)))
        pages = RouteGroup(
            kind: .pages,
            router: router.group()
                .add(middleware: ErrorMiddleware())
                .add(middleware: AuthenticationMiddleware(store: middleware.store, credentials: .session))
                .add(middleware: PageLanguageMiddleware(catalogues: middleware.catalogues))
                .add(middleware: CSRFMiddleware(policy: .everyUnsafeRequest)), table: table)
        pageMethodErrors = router.group().add(middleware: ErrorMiddleware())
        webApp = RouteGroup(kind: .webApp, router: router.group(), table: table)
        flickr = RouteGroup(
            kind: .flickr,
            router: router.group()
                .add(middleware: CORSHeadersMiddleware())
                .add(
                    middleware: RateLimitMiddleware(limiter: middleware.apiLimiter, style: .api(middleware.credentials))
                ),
            table: table)
        pixabay = RouteGroup(
            kind: .pixabay, router: router.group().add(middleware: CORSHeadersMiddleware()), table: table)
        jsonPlaceholder = RouteGroup(kind: .jsonPlaceholder, router: apiStack(false), table: table)
        operations = RouteGroup(kind: .operations, router: router.group(), table: table)
        firebase = FirebaseRoutes(router: router, table: table, middleware: middleware)
    }

    /// The group that answers a path's `OPTIONS` and 405s: the path's own, but for pages and the admin-only Firebase
    /// groups.
    func methodErrors(_ kind: RouteGroupKind) -> RouterGroup<FeedRequestContext> {
        if kind == .pages { return pageMethodErrors }
        return firebase.methodErrors(kind) ?? group(kind).router
    }

    func group(_ kind: RouteGroupKind) -> RouteGroup {
        switch kind {
        case .api: api.uncached
        case .apiCachedReads: api.cachedReads
        case .apiCountedReads: api.countedReads
        case .oauth: oauth
        case .images: images
        case .pages: pages
        case .webApp: webApp
        case .flickr: flickr
        case .pixabay: pixabay
        case .jsonPlaceholder: jsonPlaceholder
        case .operations: operations
        case .firebaseAuth: firebase.auth
        case .firebaseAdmin: firebase.admin
        case .firebaseKeys: firebase.keys
        case .firebaseStorage: firebase.storage
        case .cloudStorage: firebase.cloudStorage
        }
    }

    /// Registers, for every path the controllers registered, what follows from its methods: `OPTIONS` (answered
    /// with `Allow`; CORS preflights are answered by the CORS middleware of groups that have it) and a 405 with
    /// `Allow` for every other method. Each goes in the path's own group (pages aside, see ``methodErrors(_:)``),
    /// so it gets that group's middleware: an API 405 carries the rate-limit and CORS headers.
    func addDerivedRoutes() {
        for (path, methods, kind) in table.paths {
            let allow = RouteTable.allowHeader(methods)
            let router = methodErrors(kind)
            router.on(RouterPath(path), method: .options) { _, _ in
                Response(status: .noContent, headers: [.allow: allow])
            }
            for method in RouteTable.answeredMethods where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw APIError(
                        .methodNotAllowed, "\(method.rawValue) is not allowed here; use \(allow).",
                        headers: [.allow: allow]
                    )
                }
            }
        }
    }
}
