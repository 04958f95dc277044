import HTTPTypes
import Hummingbird

/// Answers a method the server knows nothing of (`QUERY`, `PROPFIND`, …) on a path it serves with a 405 and the
/// path's `Allow`, as it answers the methods it knows but the path does not serve (see
/// ``URLSpace/addDerivedRoutes()``). Without it the router finds no route and answers 404, which says the path does
/// not exist. It is added once every route is registered, so it stands only in front of the router's not-found
/// answer, where such a request ends up, and costs the routes nothing.
struct UnknownMethodMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    /// Finds the route a path names, as the router does.
    let routes: FastRouter

    /// The methods the derived routes already answer.
    private static let derived = Set(RouteTable.answeredMethods + [.options])

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !Self.derived.contains(request.method), let allow = routes.allow(forPath: request.uri.path[...]) else {
            return try await next(request, context)
        }
        throw APIError(
            .methodNotAllowed, "\(request.method.rawValue) is not allowed here; use \(allow).", headers: [.allow: allow]
        )
    }
}
