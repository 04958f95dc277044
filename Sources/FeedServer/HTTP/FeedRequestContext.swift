import FeedLibrary
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The request context of every route: the framework's core storage, who is calling, and what presenting an answer
/// needs. Middleware sets each part once: ``OriginMiddleware`` the origin, the authentication middleware of the
/// route's group the caller.
public struct FeedRequestContext: ClientAddressedContext {
    public var coreContext: CoreRequestContextStorage
    /// The remote address, for per-client limits when no key is sent: the client's, read through a trusted proxy.
    public var remoteAddress: String?
    /// The address of the connection's other end: the client, or a proxy in front of this server.
    public let peerAddress: String?
    /// Who is calling; `.anonymous` in groups without authentication.
    public var caller: Caller = .anonymous
    /// Who is calling a Firebase surface (set by the Firebase groups' middleware).
    public var firebaseCaller: FirebaseCaller = .anonymous
    /// `scheme://host[:port]` that absolute URLs in answers use: the configured public URL, or the one the client
    /// came to (`Host`, a trusted proxy's `X-Forwarded-Proto`). No trailing slash.
    public var origin: String = "http://localhost"
    /// The words of the server's own pages, in the language ``PageLanguageMiddleware`` chose (English elsewhere).
    public var text = Catalogues.englishText

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.peerAddress = source.channel.remoteAddress?.ipAddress
        self.remoteAddress = peerAddress
    }

    /// Uploads are streamed by their own routes; plain bodies (forms, JSON) stay small.
    public var maxUploadSize: Int { 1 * 1024 * 1024 }

    /// Handlers return wire models; they are written as JSON by ``FeedJSONEncoder``.
    public var responseEncoder: FeedJSONEncoder { FeedJSONEncoder() }

    /// Whether the client reached us over https (the public URL's scheme, or the proxy's `X-Forwarded-Proto`): session
    /// cookies are `Secure` then.
    var isSecure: Bool { origin.hasPrefix("https://") }

    /// Shapes records for this caller, with URLs on this request's origin.
    var presenter: Presenter { Presenter(origin: origin, viewerID: caller.user?.id) }
}
