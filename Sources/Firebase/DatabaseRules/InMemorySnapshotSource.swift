/// A ``DatabaseSnapshotSource`` over a tree in memory.
///
/// Mirrors the rules' `root`/`data` (https://firebase.google.com/docs/reference/security/database#variables) over
/// a tree held whole, as the tests and small namespaces have it.
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
