/// A query on a location's children: an index to order them by, an optional window (start and end bounds, each
/// with an optional key name to break ties, inclusive or exclusive) and an optional limit from either end.
///
/// Mirrors firebase-js-sdk `packages/database/src/core/view/QueryParams.ts` (and `RangedFilter.ts`,
/// `LimitedFilter.ts` for how it applies). Build one from REST parameters (``init(restParameters:)``) or from the
/// WebSocket query object (``init(wireObject:)``); serialise it back with ``wireObject`` and
/// ``restParameters``; apply it with ``window(of:)``.
public struct DatabaseQuery: Sendable, Hashable {
    /// The key part of a bound: the smallest key, the largest, or a given one.
    public enum BoundKey: Sendable, Hashable {
        /// Before every key (`[MIN_NAME]`): the default of a start bound.
        case min
        /// After every key (`[MAX_NAME]`): the default of an end bound.
        case max
        /// This key.
        case name(String)
    }

    /// One end of the window: children sorting (by index value, then key) after a start bound or before an end
    /// bound are in; a child equal to the bound is in when it is inclusive.
    public struct Bound: Sendable, Hashable {
        /// The index value: a leaf or null (a string key for the key index).
        public var value: DatabaseNode
        /// The key that breaks ties among children with that value.
        public var key: BoundKey
        /// Whether a child sorting exactly at the bound is in (`startAt`/`endAt`) or out (`startAfter`/`endBefore`).
        public var inclusive: Bool

        /// Makes a bound.
        public init(value: DatabaseNode, key: BoundKey, inclusive: Bool = true) {
            self.value = value
            self.key = key
            self.inclusive = inclusive
        }
    }

    /// How many children, from which end.
    public enum Limit: Sendable, Hashable {
        /// The first n in index order (`limitToFirst`, `vf: "l"`).
        case first(Int)
        /// The last n in index order (`limitToLast`, `vf: "r"`).
        case last(Int)
    }

    /// What the children are ordered by.
    public var index: DatabaseIndex
    /// Where the window starts; nil for the first child.
    public var start: Bound?
    /// Where the window ends; nil for the last child.
    public var end: Bound?
    /// How many children the window keeps; nil for all.
    public var limit: Limit?

    /// A query; the default one (priority order, everything) reads a location whole.
    public init(index: DatabaseIndex = .priority, start: Bound? = nil, end: Bound? = nil, limit: Limit? = nil) {
        self.index = index
        self.start = start
        self.end = end
        self.limit = limit
    }

    /// True when the query returns all children (no bounds, no limit): `loadsAllData` in QueryParams.ts.
    public var loadsAllData: Bool { start == nil && end == nil && limit == nil }

    /// True for the default query, which is a plain read of the location (`isDefault` in QueryParams.ts).
    public var isDefault: Bool { loadsAllData && index == .priority }

    /// True when `child` (under `key`) sorts at or after the start bound and at or before the end bound.
    public func contains(key: String, node child: DatabaseNode) -> Bool {
        if let start, !isAtOrAfter(start, key: key, child: child) { return false }
        if let end, !isAtOrBefore(end, key: key, child: child) { return false }
        return true
    }

    private func compareToBound(_ bound: Bound, key: String, child: DatabaseNode) -> Int {
        if index == .key {
            // The bound's value is a key; a non-string bound (refused when parsing) would sort before all keys.
            guard case .string(let boundKey) = bound.value.value else { return 1 }
            return FirebaseKeyOrder.compare(key, boundKey)
        }
        let order = DatabaseValueOrder.compare(index.sortValue(of: child), bound.value)
        if order != 0 { return order }
        switch bound.key {
        case .min: return 1
        case .max: return -1
        case .name(let name): return FirebaseKeyOrder.compare(key, name)
        }
    }

    private func isAtOrAfter(_ bound: Bound, key: String, child: DatabaseNode) -> Bool {
        let order = compareToBound(bound, key: key, child: child)
        return order > 0 || (order == 0 && bound.inclusive)
    }

    private func isAtOrBefore(_ bound: Bound, key: String, child: DatabaseNode) -> Bool {
        let order = compareToBound(bound, key: key, child: child)
        return order < 0 || (order == 0 && bound.inclusive)
    }

    /// The children of `node` this query keeps, in index order (a leaf or null has none).
    public func window(of node: DatabaseNode) -> [DatabaseChildren.Entry] {
        var entries = index.sortedChildren(of: node).filter { contains(key: $0.key, node: $0.node) }
        switch limit {
        case .first(let count)?: if entries.count > count { entries.removeLast(entries.count - count) }
        case .last(let count)?: if entries.count > count { entries.removeFirst(entries.count - count) }
        case nil: break
        }
        return entries
    }

    /// The node a read with this query answers: the kept children under `node`'s priority, or `node` itself when
    /// the query loads everything or `node` is a leaf (a query on a leaf returns the leaf, as Firebase does).
    public func apply(to node: DatabaseNode) -> DatabaseNode {
        guard !loadsAllData, case .children = node.value else { return node }
        var children = DatabaseChildren()
        for entry in window(of: node) { children[entry.key] = entry.node }
        return DatabaseNode(.children(children), priority: node.priority)
    }
}
