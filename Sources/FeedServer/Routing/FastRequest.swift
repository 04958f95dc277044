import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A request as the fast path sees it: the head, the route's parameters and who sent it. There is no body: the
/// fast path answers only GET and HEAD.
struct FastRequest {
    let head: HTTPRequest
    let parameters: [(name: Substring, value: Substring)]
    let remoteAddress: String?
    /// The origin the request is for (see ``SiteOrigin``).
    let origin: String

    func parameter(_ name: String) -> Substring? {
        parameters.first { $0.name == name }?.value
    }
}
