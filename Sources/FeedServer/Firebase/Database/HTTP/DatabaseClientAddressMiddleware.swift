import Hummingbird

/// Sets ``DatabaseRequestContext/remoteAddress`` to the client's address, read through a trusted reverse proxy (see
/// ``ClientAddress``), before the admin gate judges it: behind nginx on the nodes' machine every peer is loopback,
/// and without this every client through it would count as this machine.
struct DatabaseClientAddressMiddleware: RouterMiddleware {
    typealias Context = DatabaseRequestContext
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
