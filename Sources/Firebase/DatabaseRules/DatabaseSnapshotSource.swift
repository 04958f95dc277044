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
