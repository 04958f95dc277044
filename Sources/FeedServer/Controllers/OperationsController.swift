import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What a load balancer and a monitoring system ask a node: `/healthz` (the process answers), `/readyz` (it can
/// serve: the database and the storage answer) and `/metrics` (``ServerMetrics`` in Prometheus's text format).
struct OperationsController: Sendable {
    let store: LibraryStore
    let files: LibraryFiles
    let metrics: ServerMetrics
    /// How long a check may take before the node is called not ready: a load balancer's probe has a timeout too.
    var checkTimeout: Duration = .seconds(2)

    func addRoutes(to operations: RouteGroup) {
        operations.get("/healthz", use: health)
        operations.get("/readyz", use: readiness)
        operations.get("/metrics", use: exposition)
    }

    /// Alive: answering at all is the answer.
    @Sendable func health(_ request: Request, context: FeedRequestContext) async throws -> Response {
        Self.json(.ok, #"{"status":"ok"}"#)
    }

    /// Ready when the database answers a query and the storage can be written, each within ``checkTimeout``; 503
    /// with one sentence per failed check otherwise, so that the balancer sends the node nothing until it recovers.
    @Sendable func readiness(_ request: Request, context: FeedRequestContext) async throws -> Response {
        async let database = check("The database") { try await store.database.ping() }
        async let storage = check("The storage") { try files.checkWritable() }
        let failures = await [database, storage].compactMap { $0 }
        metrics.database(inUse: store.database.connectionsInUse, poolSize: store.database.poolSize)
        guard failures.isEmpty else {
            context.logger.warning("Not ready", metadata: ["problems": "\(failures.joined(separator: " "))"])
            return APIError(.serviceUnavailable, failures).response()
        }
        return Self.json(.ok, #"{"status":"ready","checks":{"database":"ok","storage":"ok"}}"#)
    }

    /// The metrics, with the database pool's state read now.
    @Sendable func exposition(_ request: Request, context: FeedRequestContext) async throws -> Response {
        metrics.database(inUse: store.database.connectionsInUse, poolSize: store.database.poolSize)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }

    /// Nil when `body` succeeds within the timeout; else what went wrong, as a sentence naming `what`.
    private func check(_ what: String, _ body: @escaping @Sendable () async throws -> Void) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    try await body()
                    return nil
                } catch {
                    return "\(what) is not reachable: \(error)."
                }
            }
            group.addTask { [checkTimeout] in
                try? await Task.sleep(for: checkTimeout)
                return "\(what) did not answer within \(checkTimeout.components.seconds) s."
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
