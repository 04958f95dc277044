/// The children of a node, sorted in Firebase key order (``FirebaseKeyOrder``), none of them null.
///
/// Mirrors the `SortedMap` a firebase-js-sdk `ChildrenNode` (`core/snap/ChildrenNode.ts`) keeps under its key
/// index. Lookups are binary searches; keys are compared by UTF-16 code units, never by Swift's canonical
/// equivalence, so keys Firebase tells apart stay apart.
public struct DatabaseChildren: Sendable, Hashable, RandomAccessCollection {
    /// One child.
    public struct Entry: Sendable, Hashable {
        /// Its key.
        public let key: String
        /// Its node (never null).
        public let node: DatabaseNode

        /// A child (for a store that reads children back in order).
        public init(key: String, node: DatabaseNode) {
            self.key = key
            self.node = node
        }

        /// Same key (by code units) and same node.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key.utf16.elementsEqual(rhs.key.utf16) && lhs.node == rhs.node
        }
    }

    private var entries: [Entry]

    /// No children.
    public init() {
        entries = []
    }

    /// These children (null ones dropped).
    public init(_ dictionary: [String: DatabaseNode]) {
        entries = dictionary.compactMap { $0.value.isNull ? nil : Entry(key: $0.key, node: $0.value) }
        entries.sort { FirebaseKeyOrder.compare($0.key, $1.key) < 0 }
    }

    /// The first position.
    public var startIndex: Int { entries.startIndex }
    /// Past the last position.
    public var endIndex: Int { entries.endIndex }
    /// The child at a position, in key order.
    public subscript(position: Int) -> Entry { entries[position] }

    /// The keys in key order.
    public var keys: [String] { entries.map(\.key) }

    /// Where `key` is, or where it would be inserted.
    private func search(_ key: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let order = FirebaseKeyOrder.compare(entries[middle].key, key)
            if order == 0 { return (middle, true) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// The child under `key`; setting null removes it.
    public subscript(key: String) -> DatabaseNode? {
        get {
            let (index, found) = search(key)
            return found ? entries[index].node : nil
        }
        set {
            let (index, found) = search(key)
            switch (newValue, found) {
            case (let node?, true) where !node.isNull: entries[index] = Entry(key: key, node: node)
            case (let node?, false) where !node.isNull: entries.insert(Entry(key: key, node: node), at: index)
            case (_, true): entries.remove(at: index)
            default: break
            }
        }
    }
}
