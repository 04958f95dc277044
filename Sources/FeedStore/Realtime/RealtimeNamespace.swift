import Foundation

/// A Realtime Database namespace as the store keeps it (`rtdb_namespaces`).
public struct RealtimeNamespace: Sendable, Hashable {
    /// Its number, which its rows are keyed by.
    public let id: Int64
    /// Its name (`?ns=` or the host's first label).
    public let name: String
    /// Its own rules document, or nil when the server's rules apply.
    public let rulesSource: String?
    /// Bumped each time its rules change, so that caches of compiled rules know when to compile again.
    public let rulesVersion: Int64
    /// The number of its last change (0 before any).
    public let lastSequence: Int64
}

/// One write's changes as the log keeps them (`rtdb_changes`), in the order of `sequence` within a namespace.
public struct RealtimeChangeRecord: Sendable, Hashable {
    /// What kind of change.
    public enum Kind: String, Sendable, Hashable {
        /// `data` replaced the node at `path` (JSON with priorities; `null` deleted it).
        case put
        /// `data` is an object of paths relative to `path`, each replaced by its value.
        case patch
        /// The namespace's rules changed (`data` is empty).
        case rules
    }

    /// The namespace.
    public let namespaceID: Int64
    /// Its number in the namespace's log.
    public let sequence: Int64
    /// What kind of change.
    public let kind: Kind
    /// Where: `a/b` (no leading slash), empty for the root.
    public let path: String
    /// The written data as JSON text.
    public let data: String
    /// When it was committed, in milliseconds since 1970.
    public let at: Int64

    /// A record.
    public init(namespaceID: Int64, sequence: Int64, kind: Kind, path: String, data: String, at: Int64) {
        self.namespaceID = namespaceID
        self.sequence = sequence
        self.kind = kind
        self.path = path
        self.data = data
        self.at = at
    }
}
