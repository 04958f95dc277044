import CoreMetrics
import Locking
import Metrics

/// What the library measures: renditions by where they came from, how long rendering took, and photos ingested.
/// Made with the server's metrics factory (see `ServerMetrics`), so each server counts only its own work.
public final class LibraryMetrics: Sendable {
    private let factory: any MetricsFactory
    /// The outcome counters, made on first use (so a series appears once it has happened) and kept: a cached
    /// thumbnail counts its outcome on every request, and making a counter anew costs a registry lookup by name and
    /// labels, under the registry's one lock, and two allocations.
    private let outcomeCounters = Locked<[OutcomeKey: CoreMetrics.Counter]>([:])
    private let renderTimer: CoreMetrics.Timer

    private struct OutcomeKey: Hashable {
        let label: String
        let outcome: String
    }

    /// Where a rendition that was asked for came from.
    public enum RenditionOutcome: String, Sendable {
        /// Rendered now.
        case rendered
        /// Rendered by a request for the same rendition already in flight.
        case shared
        /// Served from the rendition cache (in memory or on disk).
        case cached
        /// Made by another node, fetched from the shared bucket.
        case fetched
    }

    /// What ingesting a photo (an upload, a source's download) did.
    public enum IngestOutcome: String, Sendable {
        case recorded
        case duplicate
        case refused
    }

    /// Measures through `factory`; by default, nowhere (the command-line tools, tests).
    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.factory = factory
        renderTimer = CoreMetrics.Timer(label: "imagefeed_render_duration_seconds", factory: factory)
    }

    /// Counts a rendition served, by where it came from.
    public func rendition(_ outcome: RenditionOutcome) {
        count(OutcomeKey(label: "imagefeed_renditions_total", outcome: outcome.rawValue))
    }

    /// Records how long one render took (decode, resize, encode).
    public func renderTime(_ duration: Duration) {
        renderTimer.record(duration: duration)
    }

    /// Counts a photo ingested, by what happened to it.
    public func ingested(_ outcome: IngestOutcome) {
        count(OutcomeKey(label: "imagefeed_photos_ingested_total", outcome: outcome.rawValue))
    }

    private func count(_ key: OutcomeKey) {
        let counter = outcomeCounters.withLock { counters in
            if let known = counters[key] { return known }
            let made = CoreMetrics.Counter(label: key.label, dimensions: [("outcome", key.outcome)], factory: factory)
            counters[key] = made
            return made
        }
        counter.increment()
    }
}
