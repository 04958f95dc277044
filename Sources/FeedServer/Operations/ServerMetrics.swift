import CoreMetrics
import FeedLibrary
import HTTPTypes
import Locking
import Prometheus

/// What the server measures, for `/metrics` in Prometheus's text format: requests by route, method and status and
/// their durations, renditions by where they came from and how long rendering took, and photos ingested.
///
/// The measurements are made through swift-metrics with this server's own factory over its own registry, not the
/// process-wide `MetricsSystem`: each server counts only its own requests, and tests start many in one process.
public final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// The counter and timer of each route, method and status seen, made once: every request counts through here
    /// (the fast path's cached thumbnails too), and making them anew costs a registry lookup by name and labels,
    /// under the registry's one lock, and two allocations.
    private let requestMeters = Locked<[RequestKey: RequestMeters]>([:])
    /// The library's own measurements (renditions, renders, ingests), made through the same factory.
    public let library: LibraryMetrics

    private struct RequestKey: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: Int
    }

    private struct RequestMeters {
        let count: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }

    typealias RenditionOutcome = LibraryMetrics.RenditionOutcome
    typealias IngestOutcome = LibraryMetrics.IngestOutcome

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // From a cached thumbnail (well under a millisecond) to a large render or upload (seconds).
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        library = LibraryMetrics(factory: factory)
    }

    /// Counts an answered request: `route` is the route's path as registered (`/photos/:id`), or `unmatched`.
    func request(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let meters = requestMeters.withLock { meters in
            if let known = meters[key] { return known }
            let made = RequestMeters(
                count: CoreMetrics.Counter(
                    label: "imagefeed_http_requests_total",
                    dimensions: [("route", route), ("method", method.rawValue), ("status", String(status))],
                    factory: factory),
                duration: CoreMetrics.Timer(
                    label: "imagefeed_http_request_duration_seconds",
                    dimensions: [("route", route), ("method", method.rawValue)], factory: factory))
            meters[key] = made
            return made
        }
        meters.count.increment()
        meters.duration.record(duration: duration)
    }

    /// Counts a rendition served, by where it came from.
    func rendition(_ outcome: RenditionOutcome) {
        library.rendition(outcome)
    }

    /// Sets how many database transactions and reads are running now and the connections the pool may open.
    func database(inUse: Int, poolSize: Int) {
        Gauge(label: "imagefeed_database_operations_in_flight", factory: factory).record(inUse)
        Gauge(label: "imagefeed_database_pool_size", factory: factory).record(poolSize)
    }

    /// Sets how many deletions wait for the storage to take them (see `PendingDeletionService`).
    func pendingDeletions(_ count: Int) {
        Gauge(label: "imagefeed_pending_deletions", factory: factory).record(count)
    }

    /// Sets whether the database and the storage answer (1) or not (0), as this process last found them, and the
    /// free bytes of the data directory's disk.
    func dependencies(databaseUp: Bool, storageUp: Bool, dataDiskFreeBytes: Int?) {
        Gauge(label: "imagefeed_up", dimensions: [("dependency", "database")], factory: factory)
            .record(databaseUp ? 1 : 0)
        Gauge(label: "imagefeed_up", dimensions: [("dependency", "storage")], factory: factory)
            .record(storageUp ? 1 : 0)
        if let dataDiskFreeBytes {
            Gauge(label: "imagefeed_data_disk_free_bytes", factory: factory).record(dataDiskFreeBytes)
        }
    }

    /// Sets the connections open now.
    func connections(open: Int) {
        Gauge(label: "imagefeed_connections_open", factory: factory).record(open)
    }

    /// Counts a connection the server closed before its client did: idle at the connection limit, or its client
    /// took none of its answer for the write timeout.
    func connectionClosed(_ reason: String) {
        CoreMetrics.Counter(
            label: "imagefeed_connections_closed_total", dimensions: [("reason", reason)], factory: factory
        )
        .increment()
    }

    /// Everything measured so far, in Prometheus's text exposition format.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
