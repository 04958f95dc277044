import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// One log line per request: id, method, path, status and duration. Query strings are left out because they can
/// carry client keys.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            context.logger.info(
                "\(request.method) \(request.uri.path) \(status)",
                metadata: ["ms": "\(String(format: "%.1f", milliseconds))"]
            )
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }
}
