import Hummingbird

/// Counts a view of the photo a route names (its `id` parameter) when the answer is a success, whoever made the
/// answer (the handler or the response cache). See ``ViewCounter``.
struct ViewCountingMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    let counter: ViewCounter

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        counter.record(
            answer: response.status, to: request.method, photo: context.parameters.get("id"),
            userID: context.caller.user?.id, address: context.remoteAddress
        )
        return response
    }
}
