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

    /// The node at `path` after the writes.
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

    /// The summary at `path` after the writes, reading only the base's summaries where it can.
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
