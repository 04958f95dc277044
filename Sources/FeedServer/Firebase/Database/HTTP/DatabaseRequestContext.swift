import FeedLibrary
import Hummingbird
import NIOCore

/// The request context of the database's listener: the framework's storage and the client's address (the peer,
/// or the client a trusted proxy names), which decides whether the admin token is accepted.
public struct DatabaseRequestContext: ClientAddressedContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's address.
    public var remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Writes carry their data in the body; the database's own limit (``DatabaseSettings/maximumWriteBytes``)
    /// is checked as the body is collected.
    public var maxUploadSize: Int { 256 << 20 }
}
