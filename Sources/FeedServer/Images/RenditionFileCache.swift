import FeedLibrary
import Locking

/// Values kept in memory for rendition files within a byte budget, each given out only while its file exists: the
/// file stays the truth, checked again once a value is older than `revalidateAfter` — so a rendition deleted with its
/// photo, by this process or another, stops being served within that time. ``RenditionMemory`` keeps files' bytes by
/// their path, ``RenditionAnswers`` whole answers by their URL; both revalidate here, in one way.
final class RenditionFileCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        /// The rendition file the value was made from.
        let path: String
        let value: Value
        var checkedAt: Duration
    }

    private let entries: Locked<BoundedCache<Key, Entry>>
    private let revalidateAfter: Duration
    private let clock: any MonotonicClock
    /// Whose least-recently-used order a revalidation keeps up: a rendition served from memory is still in use.
    private let limit: RenditionCacheLimit

    /// - Parameter budget: the bytes the values may hold, as each is counted when it is inserted.
    init(limit: RenditionCacheLimit, budget: Int, revalidateAfter: Duration, clock: any MonotonicClock) {
        entries = Locked(BoundedCache(budget: budget))
        self.limit = limit
        self.revalidateAfter = revalidateAfter
        self.clock = clock
    }

    /// The value kept for `key`, if there is one and its file still exists; one whose file is gone is dropped. A file
    /// checked again is marked used.
    func value(for key: Key) -> Value? {
        let now = clock.now()
        guard let known = entries.withLock({ $0[key] }) else { return nil }
        if now - known.checkedAt >= revalidateAfter {
            guard limit.markUsed(atPath: known.path) else {
                entries.withLock { $0.removeValue(for: key) }
                return nil
            }
            entries.withLock { $0.update(for: key) { $0.checkedAt = now } }
        }
        return known.value
    }

    /// Whether a value is kept for `key` whose file was seen within `revalidateAfter`.
    func isFresh(_ key: Key) -> Bool {
        let now = clock.now()
        guard let known = entries.withLock({ $0[key] }) else { return false }
        return now - known.checkedAt < revalidateAfter
    }

    /// Keeps `value`, made from the file at `path` just now, as `size` bytes of the budget.
    func insert(_ value: Value, path: String, size: Int, for key: Key) {
        let entry = Entry(path: path, value: value, checkedAt: clock.now())
        entries.withLock { $0.insert(entry, size: size, for: key) }
    }

    /// Forgets every value whose file is under `folder` (a deleted photo's renditions), at once.
    func forget(under folder: String) {
        entries.withLock { $0.removeAll { _, entry in entry.path.hasPrefix(folder) } }
    }
}
