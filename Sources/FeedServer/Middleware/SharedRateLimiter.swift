import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking

/// Counts API requests per client in fixed windows, in the database so that several server processes share one
/// count. Hits are gathered in memory and added to the database at most every `flushInterval`; between flushes each
/// process adds its own unflushed hits to the last shared total it saw.
///
/// A lock, not an actor: most hits only bump a counter, and hopping onto an actor's executor for that cost more
/// than the rest of a cached API answer. The request that finds a flush due performs it; the others go on.
final class SharedRateLimiter: Sendable {
    private struct State {
        var windowStart: Int64 = 0
        var pending: [String: Int] = [:]
        var shared: [String: Int] = [:]
        var lastFlush = Date.distantPast
    }

    private let store: LibraryStore
    private let limit: Int
    private let windowSeconds: Int64
    private let flushInterval: TimeInterval
    private let now: @Sendable () -> Date
    private let state = Locked(State())

    init(
        store: LibraryStore, limit: Int, windowSeconds: Int64 = 3600, flushInterval: TimeInterval = 1,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.flushInterval = flushInterval
        self.now = now
    }

    /// Counts one request for `key` and returns the limit, what remains, and the seconds until the window resets.
    func hit(_ key: String) async -> (limit: Int, remaining: Int, resetIn: Int) {
        let date = now()
        let seconds = Int64(date.timeIntervalSince1970)
        let window = seconds - seconds % windowSeconds
        let (newWindow, batch) = state.withLock { state -> (Bool, [String: Int]?) in
            let newWindow = window != state.windowStart
            if newWindow {
                state.windowStart = window
                state.pending.removeAll()
                state.shared.removeAll()
            }
            state.pending[key, default: 0] += 1
            guard date.timeIntervalSince(state.lastFlush) >= flushInterval else { return (newWindow, nil) }
            state.lastFlush = date
            defer { state.pending.removeAll() }
            return (newWindow, state.pending)
        }
        if newWindow {
            try? await store.pruneRateLimits(before: Date(timeIntervalSince1970: TimeInterval(window - windowSeconds)))
        }
        if let batch { await flush(batch, window: window) }
        return state.withLock { state in
            let used = (state.shared[key] ?? 0) + (state.pending[key] ?? 0)
            return (limit, limit - used, Int(state.windowStart + windowSeconds - seconds))
        }
    }

    /// Counts one request for `key` without waiting, when that needs no database work (no flush and no new window
    /// due, and the key still under its limit); nil otherwise, leaving the request uncounted for ``hit(_:)``.
    func hitWithoutWaiting(_ key: String) -> (limit: Int, remaining: Int, resetIn: Int)? {
        let date = now()
        let seconds = Int64(date.timeIntervalSince1970)
        let window = seconds - seconds % windowSeconds
        return state.withLock { state in
            guard window == state.windowStart, date.timeIntervalSince(state.lastFlush) < flushInterval else {
                return nil
            }
            let used = (state.shared[key] ?? 0) + (state.pending[key] ?? 0) + 1
            guard used <= limit else { return nil }
            state.pending[key, default: 0] += 1
            return (limit, limit - used, Int(state.windowStart + windowSeconds - seconds))
        }
    }

    private func flush(_ batch: [String: Int], window: Int64) async {
        if let totals = try? await store.addRateLimitHits(batch, windowStart: window) {
            state.withLock { state in
                for (key, total) in totals { state.shared[key] = max(state.shared[key] ?? 0, total) }
            }
        } else {
            // keep counting locally until the database answers again
            state.withLock { state in
                for (key, hits) in batch { state.pending[key, default: 0] += hits }
            }
        }
    }
}
