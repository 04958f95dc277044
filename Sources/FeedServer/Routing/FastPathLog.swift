import Foundation
import HTTPTypes
import Hummingbird
import Locking
import Logging
import NIOCore
import NIOHTTPTypes

/// What the fast path needs to look like the router from outside: the request log line and metrics, `Date` and
/// `Server`.
struct FastPathLog: Sendable {
    let logger: Logger
    let metrics: ServerMetrics
    let serverName: String
    let dates: HTTPDateCache

    /// What ``MetricsMiddleware`` measures and the line ``RequestLogMiddleware`` writes for a request the router
    /// answers.
    func record(
        _ head: HTTPRequest, _ status: HTTPResponse.Status, id: String, route: String,
        since start: ContinuousClock.Instant
    ) {
        metrics.request(route: route, method: head.method, status: status.code, duration: ContinuousClock.now - start)
        guard logger.logLevel <= .info else { return }
        var logger = logger
        logger[metadataKey: "hb.request.id"] = .string(id)
        RequestLogMiddleware<FeedRequestContext>.log(
            logger, method: head.method, path: head.targetPath, status: status.code, since: start
        )
    }
}
