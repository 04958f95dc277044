import HTTPTypes
import Hummingbird

/// Sets ``FeedRequestContext/origin`` once per request (see ``SiteOrigin``), and refuses requests for a host name
/// this server does not answer to. Absolute URLs in answers, `Secure` cookies and the CSRF check all read the origin
/// from there.
struct OriginMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let site: SiteOrigin

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let origin = site.origin(of: request.head, peer: context.peerAddress) else {
            throw site.misdirected(request.head)
        }
        var context = context
        context.origin = origin
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    static let host = HTTPField.Name("Host")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
