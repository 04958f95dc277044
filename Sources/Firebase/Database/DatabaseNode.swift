/// A node of the JSON tree: null, a boolean, number or string leaf, or children under keys, each with an optional
/// priority.
///
/// Mirrors firebase-js-sdk `packages/database/src/core/snap/Node.ts`, `LeafNode.ts` and `ChildrenNode.ts`. Values are
/// always normalised as Firebase keeps them: a node without children is null, a null child is no child, a null
/// node has no priority. Numbers are IEEE doubles, as every SDK holds them (integers print without `.0`; beyond
/// 2^53 they round as JavaScript rounds them). Children are kept sorted in Firebase key order
/// (``FirebaseKeyOrder``), compared by UTF-16 code units, so two spellings of `é` stay two keys.
public struct DatabaseNode: Sendable, Hashable {
    /// What a node holds.
    public enum Value: Sendable, Hashable {
        /// Nothing: the node does not exist.
        case null
        /// A boolean leaf.
        case bool(Bool)
        /// A number leaf.
        case number(Double)
        /// A string leaf.
        case string(String)
        /// Children in key order, none null.
        case children(DatabaseChildren)
    }

    /// What this node holds.
    public private(set) var value: Value
    /// The priority; always nil on a null node.
    public private(set) var priority: DatabasePriority?

    /// The empty node.
    public static let null = DatabaseNode(.null)

    /// A node holding `value`, normalised: empty children become null, and null drops the priority.
    public init(_ value: Value, priority: DatabasePriority? = nil) {
        if case .children(let children) = value, children.isEmpty {
            self.value = .null
        } else {
            self.value = value
        }
        self.priority = self.value == .null ? nil : priority
    }

    /// A node with these children (null children dropped; keys are the caller's to have checked).
    public init(children: [String: DatabaseNode], priority: DatabasePriority? = nil) {
        self.init(.children(DatabaseChildren(children)), priority: priority)
    }

    /// A string leaf.
    public static func string(_ value: String, priority: DatabasePriority? = nil) -> DatabaseNode {
        DatabaseNode(.string(value), priority: priority)
    }

    /// A number leaf.
    public static func number(_ value: Double, priority: DatabasePriority? = nil) -> DatabaseNode {
        DatabaseNode(.number(value), priority: priority)
    }

    /// A boolean leaf.
    public static func bool(_ value: Bool, priority: DatabasePriority? = nil) -> DatabaseNode {
        DatabaseNode(.bool(value), priority: priority)
    }

    /// True for the empty node.
    public var isNull: Bool { value == .null }
    /// True for a boolean, number or string.
    public var isLeaf: Bool {
        switch value {
        case .null, .children: return false
        default: return true
        }
    }

    /// True when this node has children (is neither a leaf nor null).
    public var hasChildren: Bool {
        if case .children = value { return true }
        return false
    }

    /// The children in key order; empty for leaves and null.
    public var children: DatabaseChildren {
        if case .children(let children) = value { return children }
        return DatabaseChildren()
    }

    /// The number of children.
    public var childCount: Int { children.count }

    /// The child under `key`; null when there is none (and for every key of a leaf). `.priority` reads the
    /// priority as a leaf, as the SDKs' `getImmediateChild('.priority')` does.
    public func child(_ key: String) -> DatabaseNode {
        if key == ".priority" { return priorityNode }
        return children[key] ?? .null
    }

    /// The node at `path` below this one; null when any key on the way is missing.
    public func node(at path: DatabasePath) -> DatabaseNode {
        var node = self
        for key in path.segments {
            node = node.child(key)
            if node.isNull { return .null }
        }
        return node
    }

    /// The priority as a leaf node (null when there is none).
    public var priorityNode: DatabaseNode {
        switch priority {
        case .number(let number)?: return .number(number)
        case .string(let string)?: return .string(string)
        case nil: return .null
        }
    }

    /// This node with another priority (ignored on null, which has none).
    public func withPriority(_ priority: DatabasePriority?) -> DatabaseNode {
        DatabaseNode(value, priority: priority)
    }

    /// This node with `key` set to `node` (removed when `node` is null, and this node becoming null when that
    /// was its last child). A leaf gains children by losing its value, as a Firebase write below a leaf does;
    /// its priority is kept; removing a child of a leaf leaves the leaf as it is.
    public func settingChild(_ key: String, to node: DatabaseNode) -> DatabaseNode {
        if key == ".priority" {
            return withPriority(node.asPriority)
        }
        // Removing a child a leaf (or null) does not have changes nothing: `LeafNode.updateImmediateChild`.
        if node.isNull, !hasChildren { return self }
        var children = self.children
        children[key] = node
        return DatabaseNode(.children(children), priority: priority)
    }

    /// This tree with the node at `path` replaced by `node`; parents left empty are pruned, and a path ending in
    /// `.priority` sets its parent's priority.
    public func setting(_ node: DatabaseNode, at path: DatabasePath) -> DatabaseNode {
        setting(node, at: path.segments[...])
    }

    private func setting(_ node: DatabaseNode, at keys: ArraySlice<String>) -> DatabaseNode {
        guard let first = keys.first else { return node }
        if keys.count == 1 { return settingChild(first, to: node) }
        let below = child(first).setting(node, at: keys.dropFirst())
        return settingChild(first, to: below)
    }

    /// This tree without the node at `path` (the same as setting null there).
    public func removing(at path: DatabasePath) -> DatabaseNode {
        setting(.null, at: path)
    }

    /// The priority a node written to `.priority` stands for: a number or string leaf, else none.
    var asPriority: DatabasePriority? {
        switch value {
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        default: return nil
        }
    }

    /// Same value and priority, strings compared by their bytes (not Swift's canonical equivalence).
    public static func == (lhs: DatabaseNode, rhs: DatabaseNode) -> Bool {
        guard samePriority(lhs.priority, rhs.priority) else { return false }
        switch (lhs.value, rhs.value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.children(let a), .children(let b)): return a == b
        default: return false
        }
    }

    private static func samePriority(_ a: DatabasePriority?, _ b: DatabasePriority?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.number(let x)?, .number(let y)?): return x == y
        case (.string(let x)?, .string(let y)?): return x.utf8.elementsEqual(y.utf8)
        default: return false
        }
    }
}
