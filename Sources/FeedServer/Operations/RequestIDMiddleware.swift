import HTTPTypes
import Hummingbird
import Logging

/// Names every request the router answers (see ``RequestIdentifier``): the request's logger carries the id, so
/// every line logged for the request has it, and the answer says it in `X-Request-Id`. The outermost middleware, so
/// that the request's own log line and every error answer have it too.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let id = RequestIdentifier.given(request.headers[.requestID]) ?? context.id
        context.logger[metadataKey: "hb.request.id"] = .string(id)
        var response = try await next(request, context)
        response.headers[.requestID] = id
        return response
    }
}
