import Firebase

/// What a listener with a query sees: the query's window of children, kept so that each change is told as the
/// children that entered, left or changed (a child leaving is told as null), not as the whole window again.
///
/// Mirrors how the SDKs' `ViewProcessor` turns a changed window into child events; REST streaming tells them as one
/// `patch`, the WebSocket protocol (issue 31) as one `m`.
public struct DatabaseWindowView: Sendable, Hashable {
    /// The window as last told.
    public private(set) var current: DatabaseNode

    /// A view that has told `initial`.
    public init(initial: DatabaseNode) {
        current = initial
    }

    /// What to tell for the window becoming `next`, and remember it: nothing when nothing changed, a merge of the
    /// children that changed when both are objects, else a put of the whole.
    public mutating func update(to next: DatabaseNode) -> [DatabaseViewEvent] {
        defer { current = next }
        guard next != current else { return [] }
        guard current.hasChildren, next.hasChildren else { return [.put(.root, next)] }
        var changed: [String: DatabaseNode] = [:]
        for entry in current.children where next.children[entry.key] == nil {
            changed[entry.key] = .null
        }
        for entry in next.children where current.children[entry.key] != entry.node {
            changed[entry.key] = entry.node
        }
        if changed.isEmpty {
            // Only the location's priority changed.
            return [.put(.root, next)]
        }
        return [.merge(.root, changed)]
    }
}
