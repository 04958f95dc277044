import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking
import NIOCore

/// What a load balancer and a monitoring system ask a node: `/healthz` (the process answers), `/readyz` (it can
/// serve: the database and the storage answer) and `/metrics` (``ServerMetrics`` in Prometheus's text format).
struct OperationsController: Sendable {
    let store: LibraryStore
    let files: LibraryFiles
    let metrics: ServerMetrics
    /// The open connections, counted for `/metrics`.
    let connections: ConnectionRegistry
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
    /// A data directory whose disk is full leaves the node ready (it still serves every read) and is said in the
    /// answer's `checks.disk`, as uploads to it are refused with 507.
    @Sendable func readiness(_ request: Request, context: FeedRequestContext) async throws -> Response {
        async let database = Self.check("The database", within: checkTimeout) { try await store.database.ping() }
        async let storage = Self.check("The storage", within: checkTimeout) { try await files.checkReachable() }
        let failures = await [database, storage].compactMap { $0 }
        guard failures.isEmpty else {
            context.logger.warning("Not ready", metadata: ["problems": "\(failures.joined(separator: " "))"])
            return APIError(.serviceUnavailable, failures).response()
        }
        let disk = files.freeBytes().map { $0 < Self.lowDiskBytes ? "full" : "ok" } ?? "ok"
        return Self.json(.ok, #"{"status":"ready","checks":{"database":"ok","storage":"ok","disk":"\#(disk)"}}"#)
    }

    /// Free space under which the data directory's disk counts as full for `/readyz`: less than an upload's scratch
    /// file and its renditions need.
    static let lowDiskBytes = 64 << 20

    /// The metrics, with the database pool's, the dependencies' and the connections' state read now.
    @Sendable func exposition(_ request: Request, context: FeedRequestContext) async throws -> Response {
        metrics.database(inUse: store.database.connectionsInUse, poolSize: store.database.poolSize)
        metrics.dependencies(
            databaseUp: store.database.unavailability == nil, storageUp: files.storageUnavailability == nil,
            dataDiskFreeBytes: files.freeBytes())
        metrics.connections(open: connections.count)
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }

    /// Nil when `body` succeeds within `timeout`; else what went wrong, as a sentence naming `what`. The answer
    /// comes at the timeout even when `body` cannot be cancelled (a connection pool waiting on a database that does
    /// not answer): `body` runs on in its own task, and its late outcome is dropped.
    static func check(
        _ what: String, within timeout: Duration, _ body: @escaping @Sendable () async throws -> Void
    ) async -> String? {
        let outcome = FirstOutcome()
        return await withCheckedContinuation { continuation in
            outcome.await(continuation)
            let work = Task {
                do {
                    try await body()
                    outcome.give(nil)
                } catch {
                    outcome.give("\(what) is not reachable: \(error).")
                }
            }
            Task {
                try? await Task.sleep(for: timeout)
                outcome.give("\(what) did not answer within \(timeout.components.seconds) s.")
                work.cancel()
            }
        }
    }

    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
