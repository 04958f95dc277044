import Hummingbird

/// A request context that carries the client's address: the peer, until ``ClientAddressMiddleware`` reads it
/// through a trusted proxy.
public protocol ClientAddressedContext: RequestContext {
    /// The client's address: the peer, or the client a trusted proxy names.
    var remoteAddress: String? { get set }
}

/// Sets the context's `remoteAddress` to the client's address, read through a trusted reverse proxy (see
/// ``ClientAddress``), before anything counts, logs or judges by it. Behind nginx on the nodes' machine every peer is
/// loopback: without this, every client through it would count as this machine (one rate limit for all, the admin
/// token's "this machine only" meaning nginx's machine).
struct ClientAddressMiddleware<Context: ClientAddressedContext>: RouterMiddleware {
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
