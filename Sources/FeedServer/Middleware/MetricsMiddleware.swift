import Hummingbird

/// Measures every request the router answers (see ``ServerMetrics``): by the path of the route that answered it, so
/// that `/photos/abc` and `/photos/xyz` count together, and `unmatched` for paths no route serves.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            metrics.request(
                route: context.endpointPath ?? "unmatched", method: request.method, status: status,
                duration: ContinuousClock.now - start)
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }
}
