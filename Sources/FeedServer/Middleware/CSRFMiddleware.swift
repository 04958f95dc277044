import Foundation
import HTTPTypes
import Hummingbird

/// Refuses cross-site state changes: an unsafe method must come with an `Origin` (or, failing that, a `Referer`) on
/// this server's own origin. SameSite=Lax already keeps the session cookie off most cross-site requests; this check
/// covers the rest.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// Which unsafe requests are checked.
    enum Policy: Sendable {
        /// Only those authenticated with the session cookie (API group): bearer-token requests are not affected,
        /// as a browser never adds those on its own.
        case sessionRequests
        /// Every one (account and consent forms), against login CSRF as well.
        case everyUnsafeRequest
    }

    let policy: Policy

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        if policy == .sessionRequests {
            guard case .user(_, _, .session) = context.caller else { return try await next(request, context) }
        }
        let expected = context.origin.lowercased()
        let origin = request.headers[.origin] ?? request.headers[.referer].flatMap(Self.origin(of:))
        guard let origin, origin.lowercased() == expected else {
            throw APIError(.forbidden, "Cross-site request refused: this change must come from a page of \(expected).")
        }
        return try await next(request, context)
    }

    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return nil }
        return components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}
