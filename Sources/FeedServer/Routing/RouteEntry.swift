import HTTPTypes
import Hummingbird
import Locking

/// One registered route.
public struct RouteEntry: Sendable, Hashable {
    public let method: HTTPRequest.Method
    public let path: String
    public let group: RouteGroupKind
}
