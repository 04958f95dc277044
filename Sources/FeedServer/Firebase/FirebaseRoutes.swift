import FeedLibrary
import Hummingbird

/// The Firebase surfaces' route groups (see ``URLSpace``), each with its middleware: Firebase's CORS, the error
/// format of its API, a rate limit per address, and who may call.
struct FirebaseRoutes {
    let auth: RouteGroup
    let admin: RouteGroup
    let keys: RouteGroup
    let storage: RouteGroup
    let cloudStorage: RouteGroup
    /// Where the admin-only groups' 405s and `OPTIONS` go: a wrong method is refused as such, before the admin
    /// check (a call that cannot be made needs no credential).
    let adminMethodErrors: RouterGroup<FeedRequestContext>
    let cloudStorageMethodErrors: RouterGroup<FeedRequestContext>

    init(router: Router<FeedRequestContext>, table: RouteTable, middleware: URLSpace.Middleware) {
        let gate = FirebaseAdminGate(settings: middleware.firebase.settings)
        func group(_ style: GoogleErrorStyle, callers: FirebaseCallerMiddleware.Accepts?) -> RouterGroup<
            FeedRequestContext
        > {
            let group = router.group()
                .add(middleware: FirebaseCORSMiddleware())
                .add(middleware: FirebaseErrorMiddleware(style: style))
            guard let callers else { return group }
            return
                group
                .add(middleware: FirebaseRateLimitMiddleware(limiter: middleware.apiLimiter))
                .add(middleware: FirebaseCallerMiddleware(gate: gate, accepts: callers))
        }
        auth = RouteGroup(
            kind: .firebaseAuth,
            router: group(.identityToolkit, callers: .adminOnly)
                .add(
                    middleware: APIKeyMiddleware(
                        credentials: middleware.credentials, service: "identitytoolkit.googleapis.com")),
            table: table)
        admin = RouteGroup(
            kind: .firebaseAdmin,
            router: group(.identityToolkit, callers: .adminOnly).add(middleware: RequireFirebaseAdminMiddleware()),
            table: table)
        keys = RouteGroup(kind: .firebaseKeys, router: group(.identityToolkit, callers: nil), table: table)
        storage = RouteGroup(
            kind: .firebaseStorage, router: group(.firebaseStorage, callers: .idTokens(middleware.firebase)),
            table: table)
        adminMethodErrors = group(.identityToolkit, callers: nil)
        cloudStorageMethodErrors = group(.cloudStorage, callers: nil)
        cloudStorage = RouteGroup(
            kind: .cloudStorage,
            router: group(.cloudStorage, callers: .adminOnly).add(middleware: RequireFirebaseAdminMiddleware()),
            table: table)
    }

    /// The group that answers a Firebase path's `OPTIONS` and 405s.
    func methodErrors(_ kind: RouteGroupKind) -> RouterGroup<FeedRequestContext>? {
        switch kind {
        case .firebaseAdmin: adminMethodErrors
        case .cloudStorage: cloudStorageMethodErrors
        default: nil
        }
    }
}
