/// A ``DatabaseSnapshotSource`` over a tree in memory.
public struct InMemorySnapshotSource: DatabaseSnapshotSource {
    /// The root of the data.
    public let root: DatabaseNode

    /// Reads `root`.
    public init(root: DatabaseNode) {
        self.root = root
    }

    /// The node at `path` in `root`.
    public func node(at path: DatabasePath) -> DatabaseNode { root.node(at: path) }
}
