/// What a node is, without its subtree: enough for the rules' `exists()`, `isString()`, `numChildren()`,
/// `getPriority()` and for `val()` of a leaf.
public struct DatabaseNodeSummary: Sendable, Hashable {
    /// The node's kind.
    public enum Kind: Sendable, Hashable {
        case null
        /// A boolean, number or string (never `.children` or `.null`).
        case leaf(DatabaseNode.Value)
        /// Children, and how many.
        case children(count: Int)
    }

    /// The node's kind.
    public var kind: Kind
    /// Its priority.
    public var priority: DatabasePriority?

    /// Makes a summary.
    public init(kind: Kind, priority: DatabasePriority?) {
        self.kind = kind
        self.priority = priority
    }

    /// The summary of a node in memory.
    public init(_ node: DatabaseNode) {
        switch node.value {
        case .null: kind = .null
        case .children(let children): kind = .children(count: children.count)
        default: kind = .leaf(node.value)
        }
        priority = node.priority
    }

    /// True unless null.
    public var exists: Bool { kind != .null }
}

/// The data the rules read (`root`, `data`, `newData`), which may be too large to hold in memory: a store backed
/// by SQL implements this over its tables (``summary(at:)`` is one indexed row read; ``node(at:)`` is needed only
/// when a rule calls `val()` on an object), and ``InMemorySnapshotSource`` implements it over a ``DatabaseNode``.
///
/// Mirrors the role of `RuleDataSnapshot` (https://firebase.google.com/docs/reference/security/database).
/// Errors thrown here abort the evaluation (the caller answers 5xx or retries); they are not a rule's `false`.
public protocol DatabaseSnapshotSource: Sendable {
    /// The whole node at `path` (null when absent).
    func node(at path: DatabasePath) throws -> DatabaseNode
    /// The node at `path`, without its subtree.
    func summary(at path: DatabasePath) throws -> DatabaseNodeSummary
}

extension DatabaseSnapshotSource {
    /// Default: summarises ``node(at:)``; sources over large data should answer directly.
    public func summary(at path: DatabasePath) throws -> DatabaseNodeSummary {
        DatabaseNodeSummary(try node(at: path))
    }
}

/// A ``DatabaseSnapshotSource`` over a tree in memory.
public struct InMemorySnapshotSource: DatabaseSnapshotSource {
    /// The root of the data.
    public let root: DatabaseNode

    /// Reads `root`.
    public init(root: DatabaseNode) {
        self.root = root
    }

    public func node(at path: DatabasePath) -> DatabaseNode { root.node(at: path) }
}

/// The data as it would be after some writes, read through the current data: what the rules call `newData`.
/// Only the written locations are held; everything else is read from `base`.
public struct OverlaySnapshotSource<Base: DatabaseSnapshotSource>: DatabaseSnapshotSource {
    /// The data before the writes.
    public let base: Base
    /// The writes, each a location (possibly ending in `.priority`) and the node that replaces it.
    public let writes: [(path: DatabasePath, node: DatabaseNode)]

    /// The data of `base` with `writes` applied in order.
    public init(base: Base, writes: [(path: DatabasePath, node: DatabaseNode)]) {
        self.base = base
        self.writes = writes
    }

    public func node(at path: DatabasePath) throws -> DatabaseNode {
        // Start from the latest write at or above `path`, else from the base, then apply the writes below.
        var start: Int?
        for (number, write) in writes.enumerated().reversed() where !write.path.isPriority && write.path.contains(path)
        {
            start = number
            break
        }
        var node: DatabaseNode
        if let start {
            let write = writes[start]
            node = write.node.node(at: write.path.relative(path)!)
        } else {
            node = try base.node(at: path)
        }
        for write in writes[((start ?? -1) + 1)...] {
            if let relative = path.relative(write.path), !relative.isRoot {
                node = node.setting(write.node, at: relative)
            }
        }
        return node
    }

    public func summary(at path: DatabasePath) throws -> DatabaseNodeSummary {
        let touched = writes.contains { targetPath($0).contains(path) || path.contains(targetPath($0)) }
        guard touched else { return try base.summary(at: path) }
        if writes.contains(where: { targetPath($0).contains(path) && targetPath($0) != path })
            || writes.contains(where: { $0.path == path })
        {
            return DatabaseNodeSummary(try node(at: path))
        }
        // Writes at or below `path`'s children only: count children from the base, adjusted per touched key,
        // without reading the whole subtree.
        var summary = try base.summary(at: path)
        var changedKeys: [String] = []
        for write in writes {
            guard let relative = path.relative(targetPath(write)) else { continue }
            if relative.isRoot {
                // A priority write at `path` itself.
                summary.priority = write.node.asPriority
                continue
            }
            let key = relative.segments[0]
            if !changedKeys.contains(where: { $0.utf16.elementsEqual(key.utf16) }) { changedKeys.append(key) }
        }
        if changedKeys.isEmpty { return summary }
        var count: Int
        switch summary.kind {
        case .children(let existing): count = existing
        case .null, .leaf: count = 0
        }
        for key in changedKeys {
            let before = try base.summary(at: path.child(key)).exists
            let after = try self.summary(at: path.child(key)).exists
            if case .leaf = summary.kind {
                count += after ? 1 : 0
                continue
            }
            if before != after { count += after ? 1 : -1 }
        }
        if count == 0 { return DatabaseNodeSummary(kind: .null, priority: nil) }
        return DatabaseNodeSummary(kind: .children(count: count), priority: summary.priority)
    }

    /// The node a write changes: its path, or the parent of a `.priority` path.
    private func targetPath(_ write: (path: DatabasePath, node: DatabaseNode)) -> DatabasePath {
        write.path.isPriority ? write.path.parent! : write.path
    }
}
