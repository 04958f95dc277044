import Foundation
import HTTPTypes
import Hummingbird

/// Refuses cross-site state changes made with the session cookie: an unsafe method must come with an `Origin` (or,
/// failing that, a `Referer`) on this server's own origin. SameSite=Lax already keeps the cookie off most cross-site
/// requests; this check covers the rest. Bearer-token requests are not affected: a browser never adds those on
/// its own. The account forms (sign-in, sign-up) are checked too, against login CSRF.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let publicURL: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        let usesSession: Bool
        if case .user(_, _, .session) = context.caller { usesSession = true } else { usesSession = false }
        let isAccountForm = request.uri.path.hasPrefix("/account/") || request.uri.path == "/oauth/authorize"
        guard usesSession || isAccountForm else { return try await next(request, context) }

        let expected = Presenter(request: request, publicURL: publicURL).origin.lowercased()
        let origin = request.headers[.origin] ?? request.headers[.referer].flatMap(Self.origin(of:))
        guard let origin, origin.lowercased() == expected else {
            throw APIError(
                .forbidden,
                "Cross-site request refused: this change must come from a page of \(expected)."
            )
        }
        return try await next(request, context)
    }

    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return nil }
        return components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}
