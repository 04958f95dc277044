import HTTPTypes
import Hummingbird
import Locking

/// The groups of the URL space. Every route belongs to exactly one, and gets that group's middleware (see
/// ``RouteTable/build(_:)`` for each group's stack); paths that match no route get only the router's own.
public enum RouteGroupKind: String, Sendable, CaseIterable {
    /// The Unsplash-compatible JSON API: CORS, rate limit, JSON errors, credentials (token, client id or session),
    /// CSRF for session requests.
    case api
    /// API reads answered from the response cache: the API's stack plus the cache.
    case apiCachedReads = "api-cached-reads"
    /// Cached API reads of one photo opened in full: the cached reads' stack, with each successful answer counted as a
    /// view of the photo (see ``ViewCounter``).
    case apiCountedReads = "api-counted-reads"
    /// `/oauth/token` and `/oauth/revoke`: CORS and JSON errors; clients authenticate in the handler, never with a
    /// session.
    case oauth
    /// `/img` and `/avatars`: CORS, the image limiter and JSON errors; no session, no CSRF.
    case images
    /// The account and OAuth consent pages: JSON errors, the session, CSRF for every unsafe request.
    case pages
    /// The web app's files and the share pages: nothing but the router's own middleware.
    case webApp = "web-app"
    /// Flickr's REST API (`/services/rest/`) and its OAuth 1.0a token endpoints: CORS and the API's rate limit.
    /// Flickr answers errors with HTTP 200 and `stat="fail"`, so the handlers say everything themselves.
    case flickr
    /// Pixabay's API (`/api/`): CORS; the handler checks the key, keeps Pixabay's own per-minute limit and
    /// answers errors as Pixabay does, in plain text.
    case pixabay
    /// JSONPlaceholder (`/jsonplaceholder/…`): the API's stack without a required key (JSONPlaceholder has
    /// none); a token makes writes real.
    case jsonPlaceholder = "json-placeholder"
    /// `/healthz`, `/readyz` and `/metrics`, for load balancers and monitoring: nothing but the router's own
    /// middleware — no rate limit (a balancer asks every few seconds) and no credentials.
    case operations
    /// Firebase Authentication's client API (Identity Toolkit v1 and v3, securetoken): Firebase's CORS, Google's
    /// error format, the Firebase rate limit, the admin token, and a registered app's key unless the admin calls.
    case firebaseAuth = "firebase-auth"
    /// firebase-admin's user management and the emulator's link listing: as ``firebaseAuth``, but the admin token
    /// instead of a key.
    case firebaseAdmin = "firebase-admin"
    /// The public keys of ID tokens: Firebase's CORS and Google's error format only.
    case firebaseKeys = "firebase-keys"
    /// Firebase Storage's `/v0` API: Firebase's CORS, its error format, the Firebase rate limit, and the admin token
    /// or an ID token; the Storage rules in the handlers.
    case firebaseStorage = "firebase-storage"
    /// GCS's JSON API (`/storage/v1`, `/upload/storage/v1`, `/download/storage/v1`), which firebase-admin speaks:
    /// as ``firebaseStorage`` in GCS's error format, admin only.
    case cloudStorage = "cloud-storage"
}

extension RouteGroupKind {
    /// A group of API reads answered from the response cache.
    var isCachedRead: Bool { self == .apiCachedReads || self == .apiCountedReads }
}

/// One registered route.
public struct RouteEntry: Sendable, Hashable {
    public let method: HTTPRequest.Method
    public let path: String
    public let group: RouteGroupKind
}

/// Every route of the server, recorded as controllers register them, so that what depends on the URL space — the
/// 405 answers, `OPTIONS`, the route tests — is derived from the registrations instead of written down again.
public final class RouteTable: Sendable {
    private let recorded = Locked<[(entry: RouteEntry, fast: FastResponder?)]>([])
    private let fastAnswerCount = Locked<Int>(0)

    /// How many requests the fast path has answered (see ``FastPathHandler``).
    public var fastAnswers: Int { fastAnswerCount.withLock { $0 } }

    func countFastAnswer() { fastAnswerCount.withLock { $0 += 1 } }

    /// The methods a 405 is answered for when a path does not serve them (HEAD is served wherever GET is).
    static let answeredMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .trace]
    /// The order methods are listed in an `Allow` header.
    static let canonicalOrder: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    public init() {}

    /// The routes the controllers registered, in registration order.
    public var entries: [RouteEntry] { recorded.withLock { $0.map(\.entry) } }

    /// The routes with the part of each that answers without waiting, when it has one.
    var routes: [(entry: RouteEntry, fast: FastResponder?)] { recorded.withLock { $0 } }

    func record(_ method: HTTPRequest.Method, _ path: String, _ group: RouteGroupKind, fast: FastResponder?) {
        recorded.withLock { $0.append((RouteEntry(method: method, path: path, group: group), fast)) }
    }

    /// Each registered path with the methods it serves (HEAD added wherever GET is), in registration order.
    public var paths: [(path: String, methods: [HTTPRequest.Method], group: RouteGroupKind)] {
        var order: [String] = []
        var methods: [String: [HTTPRequest.Method]] = [:]
        var groups: [String: RouteGroupKind] = [:]
        for entry in entries {
            if methods[entry.path] == nil { order.append(entry.path) }
            methods[entry.path, default: []].append(entry.method)
            // A path whose reads are cached and whose writes are not answers its 405s and OPTIONS uncached.
            if groups[entry.path] == nil || groups[entry.path]!.isCachedRead { groups[entry.path] = entry.group }
        }
        return order.map { path in
            var served = methods[path]!
            if served.contains(.get), !served.contains(.head) { served.append(.head) }
            return (path, served, groups[path]!)
        }
    }

    /// The `Allow` header of a path serving `methods`: them in canonical order, with `OPTIONS`.
    static func allowHeader(_ methods: some Collection<HTTPRequest.Method>) -> String {
        canonicalOrder.filter { methods.contains($0) || $0 == .options }.map(\.rawValue).joined(separator: ", ")
    }
}
