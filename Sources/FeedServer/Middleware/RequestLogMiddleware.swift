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
            Self.log(context.logger, method: request.method, path: request.uri.path[...], status: status, since: start)
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }

    /// The line: method, path and status, with the milliseconds taken.
    static func log(
        _ logger: Logger, method: HTTPRequest.Method, path: Substring, status: Int, since start: ContinuousClock.Instant
    ) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(method) \(path) \(status)", metadata: ["ms": "\(String(format: "%.1f", milliseconds))"])
    }
}
