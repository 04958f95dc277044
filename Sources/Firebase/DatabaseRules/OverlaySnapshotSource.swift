/// The data as it would be after some writes, read through the current data: what the rules call `newData`.
/// Only the written locations are held; everything else is read from `base`.
///
/// Mirrors the rules' `newData` (https://firebase.google.com/docs/reference/security/database#newdata) with the
/// write semantics of firebase-js-sdk `core/snap/LeafNode.ts` and `ChildrenNode.ts` `updateChild`.
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

    /// The summary at `path` after the writes, reading only the base's summaries (never a whole subtree) unless
    /// a write covers `path` itself.
    public func summary(at path: DatabasePath) throws -> DatabaseNodeSummary {
        try summary(at: path, applying: writes.count)
    }

    /// The summary at `path` after the first `count` writes, replaying them in order with the transitions of
    /// ``DatabaseNode/settingChild(_:to:)``: a child appearing under null or a leaf makes children (a leaf's
    /// priority kept), the last child going makes null (priority gone), a priority write sets an existing node's.
    private func summary(at path: DatabasePath, applying count: Int) throws -> DatabaseNodeSummary {
        var first = 0
        var state: DatabaseNodeSummary
        if let covering = writes[..<count].lastIndex(where: { !$0.path.isPriority && $0.path.contains(path) }) {
            let write = writes[covering]
            state = DatabaseNodeSummary(write.node.node(at: write.path.relative(path)!))
            first = covering + 1
        } else {
            guard writes[..<count].contains(where: { path.contains(targetPath($0)) }) else {
                return try base.summary(at: path)
            }
            state = try base.summary(at: path)
        }
        for number in first..<count {
            let write = writes[number]
            guard let relative = path.relative(write.path), !relative.isRoot else { continue }
            if relative.segments == [".priority"] {
                if state.exists { state.priority = write.node.asPriority }
                continue
            }
            let child = path.child(relative.segments[0])
            let before = try summary(at: child, applying: number).exists
            let after = try summary(at: child, applying: number + 1).exists
            switch state.kind {
            case .null:
                if after { state = DatabaseNodeSummary(kind: .children(count: 1), priority: nil) }
            case .leaf:
                if after { state.kind = .children(count: 1) }
            case .children(let existing):
                let changed = existing + (after ? 1 : 0) - (before ? 1 : 0)
                state =
                    changed == 0
                    ? DatabaseNodeSummary(kind: .null, priority: nil)
                    : DatabaseNodeSummary(kind: .children(count: changed), priority: state.priority)
            }
        }
        return state
    }

    /// The node a write changes: its path, or the parent of a `.priority` path.
    private func targetPath(_ write: (path: DatabasePath, node: DatabaseNode)) -> DatabasePath {
        write.path.isPriority ? write.path.parent! : write.path
    }
}
