import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The request context of every route: the framework's core storage plus who is calling.
public struct FeedRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The remote address, for per-client limits when no key is sent.
    public var remoteAddress: String?
    /// Who is calling; set by the authentication middleware.
    public var caller: Caller = .anonymous

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Uploads are streamed by their own routes; plain bodies (forms, JSON) stay small.
    public var maxUploadSize: Int { 1 * 1024 * 1024 }
}
