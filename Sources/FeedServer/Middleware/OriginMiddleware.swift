import HTTPTypes
import Hummingbird

/// Sets ``FeedRequestContext/origin`` once per request: the configured public URL, or else the scheme and host the
/// client came to (`X-Forwarded-Proto` from a proxy, then `Host`). Absolute URLs in answers, `Secure` cookies and the
/// CSRF check all read it from there.
struct OriginMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    /// The configured public URL without a trailing slash, or nil to use each request's host.
    let publicOrigin: String?

    init(publicURL: String?) {
        publicOrigin = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.origin = publicOrigin ?? Self.origin(of: request.head)
        return try await next(request, context)
    }

    static func origin(of request: HTTPRequest) -> String {
        let host = request.authority ?? request.headerFields[.host] ?? "localhost"
        return (request.headerFields[.forwardedProto] == "https" ? "https://" : "http://") + host
    }
}

extension HTTPField.Name {
    static let host = HTTPField.Name("Host")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
