/// A dictionary with a byte budget: inserting past the budget drops the oldest entries first. Not thread-safe;
/// owners keep it inside a `Locked` (a `Mutex`).
struct BoundedCache<Key: Hashable, Value> {
    let budget: Int
    private var entries: [Key: (value: Value, size: Int)] = [:]
    private var order: [Key] = []
    private(set) var bytes = 0

    init(budget: Int) {
        self.budget = budget
    }

    var count: Int { entries.count }

    subscript(key: Key) -> Value? { entries[key]?.value }

    /// Adds `value` (of `size` bytes) unless `key` is present or it alone would take more than an eighth of the
    /// budget; then drops the oldest entries until the total fits.
    mutating func insert(_ value: Value, size: Int, for key: Key) {
        guard entries[key] == nil, size <= budget / 8 else { return }
        entries[key] = (value, size)
        order.append(key)
        bytes += size
        var dropped = 0
        while bytes > budget, dropped < order.count {
            if let old = entries.removeValue(forKey: order[dropped]) { bytes -= old.size }
            dropped += 1
        }
        if dropped > 0 { order.removeFirst(dropped) }
    }

    /// Changes the value under `key` in place, when there is one; its size stays as it was.
    mutating func update(for key: Key, _ change: (inout Value) -> Void) {
        guard var entry = entries[key] else { return }
        change(&entry.value)
        entries[key] = entry
    }

    /// Drops every entry that satisfies `condition`.
    mutating func removeAll(where condition: (Key, Value) -> Bool) {
        let doomed = Set(entries.filter { condition($0.key, $0.value.value) }.keys)
        guard !doomed.isEmpty else { return }
        for key in doomed {
            if let old = entries.removeValue(forKey: key) { bytes -= old.size }
        }
        order.removeAll { doomed.contains($0) }
    }

    mutating func removeValue(for key: Key) {
        guard let old = entries.removeValue(forKey: key) else { return }
        bytes -= old.size
        order.removeAll { $0 == key }
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        bytes = 0
    }
}
