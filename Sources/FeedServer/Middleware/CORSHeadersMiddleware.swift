import HTTPTypes
import Hummingbird

/// CORS as Unsplash does it: any origin may read API responses, including `Link`, `X-Total`, `X-Per-Page` and the
/// rate-limit headers, on every response (errors too), and preflight requests are answered directly. Credentials
/// (the session cookie) are never shared cross-origin: third-party web apps use bearer tokens.
struct CORSHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var exposed: String {
        "Link, X-Total, X-Per-Page, X-Ratelimit-Limit, X-Ratelimit-Remaining, Retry-After, ETag"
    }
    static var allowedHeaders: String {
        "Accept, Accept-Version, Authorization, Cache-Control, Content-Type, If-None-Match, Origin"
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.headers[.origin] != nil else { return try await next(request, context) }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: "*",
                    .accessControlAllowMethods: "GET, HEAD, POST, PUT, DELETE, OPTIONS",
                    .accessControlAllowHeaders: request.headers[.accessControlRequestHeaders] ?? Self.allowedHeaders,
                    .accessControlMaxAge: "86400",
                    .vary: "Origin, Access-Control-Request-Headers",
                ])
        }
        var response = try await next(request, context)
        Self.allow(&response.headers)
        return response
    }

    /// The headers every answer to a cross-origin request carries.
    static func allow(_ headers: inout HTTPFields) {
        headers[.accessControlAllowOrigin] = "*"
        headers[.accessControlExposeHeaders] = exposed
    }
}
