/// What a query orders children by: their priority (the default), their key, their value, or the value at a
/// path below each child.
///
/// Mirrors firebase-js-sdk `core/snap/indexes/PriorityIndex.ts`, `KeyIndex.ts`, `ValueIndex.ts` and
/// `PathIndex.ts`. Every index breaks ties by key (``FirebaseKeyOrder``).
public enum DatabaseIndex: Sendable, Hashable {
    /// `orderByPriority`: no priority, then numbers, then strings.
    case priority
    /// `orderByKey`.
    case key
    /// `orderByValue`: null < false < true < numbers < strings < objects.
    case value
    /// `orderByChild(path)`: the value at `path` below each child, in the value order.
    case child(DatabasePath)

    /// The index as the WebSocket query object's `i` names it: `.priority`, `.key`, `.value` or `a/b`.
    public var wireName: String {
        switch self {
        case .priority: return ".priority"
        case .key: return ".key"
        case .value: return ".value"
        case .child(let path): return path.segments.joined(separator: "/")
        }
    }

    /// The index as the REST `orderBy` parameter names it (before JSON quoting): `$priority`, `$key`, `$value` or
    /// `a/b`.
    public var restName: String {
        switch self {
        case .priority: return "$priority"
        case .key: return "$key"
        case .value: return "$value"
        case .child(let path): return path.segments.joined(separator: "/")
        }
    }

    /// What `.indexOn` must list for a query on this index to be served from an index (`.value` for the value
    /// index, the child path for a child index); nil for key and priority, which need none.
    public var indexOnName: String? {
        switch self {
        case .priority, .key: return nil
        case .value: return ".value"
        case .child(let path): return path.segments.joined(separator: "/")
        }
    }

    /// Reads an index from the wire's `i`.
    public init(wireName: String) throws(DatabaseError) {
        switch wireName {
        case ".priority": self = .priority
        case ".key": self = .key
        case ".value": self = .value
        default:
            do {
                let path = try DatabasePath(wireName)
                self = path.isRoot ? .value : .child(path)
            } catch {
                throw DatabaseError(.invalidQuery, "Invalid query index \"\(wireName)\": \(error.message)")
            }
        }
    }

    /// The node this index compares for a child (its priority as a leaf, itself, or its node at the path); for the
    /// key index, null (keys alone decide).
    public func sortValue(of child: DatabaseNode) -> DatabaseNode {
        switch self {
        case .priority: return child.priorityNode
        case .key: return .null
        case .value: return child
        case .child(let path): return child.node(at: path)
        }
    }

    /// Negative, zero or positive as the first child sorts before, with or after the second under this index,
    /// ties broken by key.
    public func compare(_ a: DatabaseChildren.Entry, _ b: DatabaseChildren.Entry) -> Int {
        if self != .key {
            let order = DatabaseValueOrder.compare(sortValue(of: a.node), sortValue(of: b.node))
            if order != 0 { return order }
        }
        return FirebaseKeyOrder.compare(a.key, b.key)
    }

    /// The children of `node` in this index's order.
    public func sortedChildren(of node: DatabaseNode) -> [DatabaseChildren.Entry] {
        if self == .key { return Array(node.children) }
        return node.children.sorted { compare($0, $1) < 0 }
    }
}
