/// What a node is, without its subtree: enough for the rules' `exists()`, `isString()`, `numChildren()`,
/// `getPriority()` and for `val()` of a leaf.
///
/// Mirrors what `RuleDataSnapshot` answers without a subtree (https://firebase.google.com/docs/reference/security/
/// database#ruledatasnapshot_methods): `exists`, `isString`/`isNumber`/`isBoolean`, `numChildren`, `getPriority`.
public struct DatabaseNodeSummary: Sendable, Hashable {
    /// The node's kind.
    public enum Kind: Sendable, Hashable {
        /// No node.
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
