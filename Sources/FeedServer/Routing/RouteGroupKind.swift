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
