import Hummingbird

/// Sets ``FeedRequestContext/remoteAddress`` to the client's address, read through a trusted reverse proxy (see
/// ``ClientAddress``), before anything counts or logs by it.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let resolver: ClientAddress

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !resolver.trustedProxies.isEmpty else { return try await next(request, context) }
        var context = context
        context.remoteAddress = resolver.resolve(peer: context.remoteAddress, headers: request.headers)
        return try await next(request, context)
    }
}
