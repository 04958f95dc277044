import Foundation

/// Image bytes by URL, within a byte budget; the least recently used go first.
struct ImageMemoryCache: Sendable {
    private struct Entry: Sendable {
        var data: Data
        var lastUse: UInt64
    }

    let byteLimit: Int
    private var entries: [URL: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var byteCount = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    var count: Int { entries.count }

    mutating func data(for url: URL) -> Data? {
        guard var entry = entries[url] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[url] = entry
        return entry.data
    }

    /// Keeps `data`, unless it alone is larger than the budget; evicts the least recently used to make room.
    mutating func insert(_ data: Data, for url: URL) {
        guard data.count <= byteLimit else { return }
        remove(url)
        clock += 1
        entries[url] = Entry(data: data, lastUse: clock)
        byteCount += data.count
        guard byteCount > byteLimit else { return }
        // Evict in one pass, oldest first, until the new total fits.
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where byteCount > byteLimit {
            entries[key] = nil
            byteCount -= entry.data.count
        }
    }

    mutating func remove(_ url: URL) {
        if let old = entries.removeValue(forKey: url) { byteCount -= old.data.count }
    }

    mutating func removeAll() {
        entries = [:]
        byteCount = 0
    }
}
