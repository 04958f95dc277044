import FeedStore
import Firebase

/// One committed write of a namespace, as every node reads it from the change log.
public struct DatabaseChange: Sendable, Hashable {
    /// What changed.
    public enum Content: Sendable, Hashable {
        /// The node at the path was replaced (null: deleted; a path ending in `.priority`: a priority set).
        case put(DatabasePath, DatabaseNode)
        /// Each path (relative to the first) was replaced by its node.
        case patch(DatabasePath, [DatabaseWrite])
        /// The namespace's rules changed.
        case rules
    }

    /// The namespace.
    public let namespaceID: Int64
    /// The change's number in its namespace.
    public let sequence: Int64
    /// What changed.
    public let content: Content
    /// When it was committed, in milliseconds since 1970.
    public let at: Int64

    /// A change.
    public init(namespaceID: Int64, sequence: Int64, content: Content, at: Int64) {
        self.namespaceID = namespaceID
        self.sequence = sequence
        self.content = content
        self.at = at
    }

    /// Reads a change from the log.
    init(record: RealtimeChangeRecord) throws {
        let path = try DatabasePath(record.path, allowingPriority: true)
        switch record.kind {
        case .rules:
            content = .rules
        case .put:
            content = .put(path, try DatabaseNode(json: Array(record.data.utf8), at: path))
        case .patch:
            guard case .object(let members) = try DatabaseJSON.parse(record.data) else {
                throw DatabaseError(.invalidData, "A logged patch is not an object")
            }
            var writes: [DatabaseWrite] = []
            for (key, value) in members {
                let relative = try DatabasePath(key, allowingPriority: true)
                let node = try DatabaseInput(json: value, at: path.appending(relative)).resolved(
                    now: 0, existing: .null)
                writes.append(DatabaseWrite(path: relative, node: node))
            }
            content = .patch(path, writes.sorted { $0.path < $1.path })
        }
        namespaceID = record.namespaceID
        sequence = record.sequence
        at = record.at
    }

    /// True when the change can alter what a listener at `location` sees (or is a change of the rules).
    public func touches(_ location: DatabasePath) -> Bool {
        switch content {
        case .rules: return true
        case .put(let path, _):
            return location.contains(path) || path.contains(location)
        case .patch(let path, let writes):
            if location.contains(path) { return true }
            guard path.contains(location) else { return false }
            return writes.contains {
                let full = path.appending($0.path)
                return location.contains(full) || full.contains(location)
            }
        }
    }

    /// What a listener at `location` (with no query) is told: the changed parts only, at paths relative to it.
    /// A patch becomes one merge per parent of its written paths, so every merge's keys are immediate children
    /// (what REST streaming clients and the SDKs' `m` both expect); a write at or above the location becomes a put
    /// of the location.
    public func events(at location: DatabasePath) -> [DatabaseViewEvent] {
        switch content {
        case .rules:
            return []
        case .put(let path, let node):
            if let relative = location.relative(path) { return [.put(relative, node)] }
            if let relative = path.relative(location) { return [.put(.root, node.node(at: relative))] }
            return []
        case .patch(let path, let writes):
            var events: [DatabaseViewEvent] = []
            var merges: [DatabasePath: [String: DatabaseNode]] = [:]
            for write in writes {
                let full = path.appending(write.path)
                if let relative = location.relative(full) {
                    if let parent = relative.parent, let key = relative.lastKey {
                        merges[parent, default: [:]][key] = write.node
                    } else {
                        events.append(.put(.root, write.node))
                    }
                } else if let relative = full.relative(location) {
                    events.append(.put(.root, write.node.node(at: relative)))
                }
            }
            for parent in merges.keys.sorted() { events.append(.merge(parent, merges[parent]!)) }
            return events
        }
    }
}

/// A path and the node written there.
public struct DatabaseWrite: Sendable, Hashable {
    /// Where.
    public let path: DatabasePath
    /// What (null: deleted).
    public let node: DatabaseNode

    /// A write.
    public init(path: DatabasePath, node: DatabaseNode) {
        self.path = path
        self.node = node
    }
}

/// What a listener is told, at a path relative to its location: REST streaming's `put` and `patch`, the WebSocket
/// protocol's `d` and `m`.
public enum DatabaseViewEvent: Sendable, Hashable {
    /// The node at the path is now this (null: gone).
    case put(DatabasePath, DatabaseNode)
    /// These children of the node at the path are now these (null: gone); the others are unchanged.
    case merge(DatabasePath, [String: DatabaseNode])
}

/// Firebase's JSON value (the module of the server has a `JSONValue` of its own for the dialects).
public typealias DatabaseJSON = Firebase.JSONValue
