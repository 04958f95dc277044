import Firebase
import Foundation
import SQLKit

/// One row of `rtdb_index`: a child of `location`, ordered under the index `name` by `sortKey`.
public struct RealtimeIndexRow: Sendable, Hashable {
    /// The location whose children the index orders.
    public let location: DatabasePath
    /// The index, as `.indexOn` names it (`.value` or a child path).
    public let name: String
    /// The child's key.
    public let key: String
    /// ``DatabaseSortKey/encode(_:key:)`` of the child's value under the index.
    public let sortKey: [UInt8]

    /// A row.
    public init(location: DatabasePath, name: String, key: String, sortKey: [UInt8]) {
        self.location = location
        self.name = name
        self.key = key
        self.sortKey = sortKey
    }
}

extension RealtimeWriter {
    /// Removes the index rows of every child at or below `path` (the row of `path` itself in its parent's indexes,
    /// and every row of the locations below it).
    public func removeIndexRows(atOrBelow path: DatabasePath) async throws {
        let key = RealtimePathKey.encode(path)
        try await db.raw(
            """
            DELETE FROM rtdb_index WHERE ns = \(bind: ns) AND child >= \(bind: key) \
            AND child < \(bind: RealtimePathKey.subtreeEnd(key))
            """
        ).run()
    }

    /// Removes the row of the child at `child` under the index `name` of its parent.
    public func removeIndexRow(child: DatabasePath, name: String) async throws {
        try await db.raw(
            """
            DELETE FROM rtdb_index WHERE ns = \(bind: ns) AND child = \(bind: RealtimePathKey.encode(child)) \
            AND name = \(bind: name)
            """
        ).run()
    }

    /// Adds index rows (a child's earlier row under the same index must have been removed).
    public func insertIndexRows(_ rows: [RealtimeIndexRow]) async throws {
        for start in stride(from: 0, to: rows.count, by: 500) {
            let values: [SQLQueryString] = rows[start..<min(start + 500, rows.count)].map { row in
                let location = RealtimePathKey.encode(row.location)
                return """
                    (\(bind: ns), \(bind: location), \(bind: row.name), \(bind: Data(row.sortKey)), \
                    \(bind: RealtimePathKey.child(location, row.key)), \(bind: row.key))
                    """
            }
            try await db.raw(
                """
                INSERT INTO rtdb_index (ns, location, name, sort_key, child, key) \
                VALUES \(values.joined(separator: ", "))
                """
            ).run()
        }
    }

    /// Removes every index row of the namespace (before they are built again for new rules).
    public func removeAllIndexRows() async throws {
        try await db.raw("DELETE FROM rtdb_index WHERE ns = \(bind: ns)").run()
    }
}

extension RealtimeWriter {
    /// Appends a change to the namespace's log under its next number and returns that number. On PostgreSQL
    /// every node following the log is told at commit (`NOTIFY`), with the namespace and the number.
    @discardableResult
    public func appendChange(_ kind: RealtimeChangeRecord.Kind, path: DatabasePath, data: String) async throws
        -> Int64
    {
        guard
            let sequence = try await db.raw(
                """
                UPDATE rtdb_namespaces SET last_seq = last_seq + 1 WHERE id = \(bind: ns) RETURNING last_seq
                """
            ).first()?.decode(column: "last_seq", as: Int64.self)
        else { throw StoreError.notFound("Namespace") }
        try await db.raw(
            """
            INSERT INTO rtdb_changes (ns, seq, kind, path, data, at) VALUES \
            (\(bind: ns), \(bind: sequence), \(bind: kind.rawValue), \
            \(bind: path.segments.joined(separator: "/")), \(bind: data), \(bind: now))
            """
        ).run()
        if backend == .postgres {
            try await db.raw(
                "SELECT pg_notify(\(bind: RealtimeChangeChannel.name), \(bind: "\(ns):\(sequence)"))"
            ).run()
        }
        return sequence
    }

    /// Replaces the namespace's own rules (nil: the server's apply again) and logs the change, so that every node
    /// compiles them again and checks its listeners against them.
    public func setRules(_ source: String?) async throws {
        try await db.raw(
            """
            UPDATE rtdb_namespaces SET rules = \(bind: source), rules_version = rules_version + 1 \
            WHERE id = \(bind: ns)
            """
        ).run()
        try await appendChange(.rules, path: .root, data: "")
    }
}

/// The PostgreSQL channel the Realtime Database's commits are announced on (`NOTIFY`): the payload is
/// `<namespace id>:<sequence>`.
public enum RealtimeChangeChannel {
    /// The channel's name.
    public static let name = "imagefeed_rtdb"
}
