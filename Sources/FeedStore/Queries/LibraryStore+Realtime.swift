import Firebase
import Foundation
import SQLKit

extension LibraryStore {
    /// The namespace named `name`, or nil when it has never been written.
    public func realtimeNamespace(named name: String) async throws -> RealtimeNamespace? {
        try await database.read { db in try await Self.namespace(named: name, on: db, locking: false) }
    }

    /// Every namespace, by name.
    public func realtimeNamespaces() async throws -> [RealtimeNamespace] {
        try await database.read { db in
            try await db.raw(
                "SELECT id, name, rules, rules_version, last_seq FROM rtdb_namespaces ORDER BY name"
            ).all().map(Self.namespace(from:))
        }
    }

    /// The namespace named `name`, made (empty, with the server's rules) when it does not exist yet: a listener
    /// needs its number before anything is written to it.
    public func ensureRealtimeNamespace(named name: String, now: Int64) async throws -> RealtimeNamespace {
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO rtdb_namespaces (name, created_at) VALUES (\(bind: name), \(bind: now)) \
                ON CONFLICT (name) DO NOTHING
                """
            ).run()
            guard let namespace = try await Self.namespace(named: name, on: db, locking: false) else {
                throw StoreError.notFound("Namespace")
            }
            return namespace
        }
    }

    /// Runs `body` over one consistent snapshot of the namespace `name` (its tree and its last change number agree,
    /// whatever commits meanwhile). A namespace never written reads as null.
    public func readRealtime<R: Sendable>(
        namespace name: String, _ body: @Sendable (RealtimeTree) async throws -> R
    ) async throws -> R {
        try await database.snapshot { db in
            let namespace = try await Self.namespace(named: name, on: db, locking: false)
            return try await body(RealtimeTree(db: db, namespace: namespace))
        }
    }

    /// Runs `body` in one transaction holding the namespace `name`'s write lock (made when it is first written):
    /// writers of a namespace run one at a time, on one node or many, so reads in `body` see every earlier write
    /// and the changes it logs are numbered in commit order. Everything `body` wrote is undone when it throws.
    /// `now` (milliseconds since 1970) stamps the changes logged.
    public func writeRealtime<R: Sendable>(
        namespace name: String, now: Int64, _ body: @Sendable (RealtimeWriter) async throws -> R
    ) async throws -> R {
        let backend = database.kind
        return try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO rtdb_namespaces (name, created_at) VALUES (\(bind: name), \(bind: now)) \
                ON CONFLICT (name) DO NOTHING
                """
            ).run()
            guard let namespace = try await Self.namespace(named: name, on: db, locking: backend == .postgres) else {
                throw StoreError.notFound("Namespace")
            }
            return try await body(
                RealtimeWriter(tree: RealtimeTree(db: db, namespace: namespace), backend: backend, now: now))
        }
    }

    /// The changes of namespace `namespaceID` numbered after `sequence`, oldest first, at most `limit`.
    public func realtimeChanges(namespaceID: Int64, after sequence: Int64, limit: Int) async throws
        -> [RealtimeChangeRecord]
    {
        try await database.read { db in
            try await db.raw(
                """
                SELECT ns, seq, kind, path, data, at FROM rtdb_changes WHERE ns = \(bind: namespaceID) \
                AND seq > \(bind: sequence) ORDER BY seq LIMIT \(bind: limit)
                """
            ).all().map { row in
                RealtimeChangeRecord(
                    namespaceID: try row.decode(column: "ns", as: Int64.self),
                    sequence: try row.decode(column: "seq", as: Int64.self),
                    kind: RealtimeChangeRecord.Kind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .put,
                    path: try row.decode(column: "path", as: String.self),
                    data: try row.decode(column: "data", as: String.self),
                    at: try row.decode(column: "at", as: Int64.self))
            }
        }
    }

    /// The number of the last change of each of these namespaces (absent ones are left out).
    public func realtimeSequences(namespaceIDs: [Int64]) async throws -> [Int64: Int64] {
        guard !namespaceIDs.isEmpty else { return [:] }
        return try await database.read { db in
            let ids: [SQLQueryString] = namespaceIDs.map { "\(bind: $0)" }
            var sequences: [Int64: Int64] = [:]
            for row in try await db.raw(
                "SELECT id, last_seq FROM rtdb_namespaces WHERE id IN (\(ids.joined(separator: ", ")))"
            ).all() {
                sequences[try row.decode(column: "id", as: Int64.self)] = try row.decode(
                    column: "last_seq", as: Int64.self)
            }
            return sequences
        }
    }

    /// Forgets changes committed before `before` (milliseconds since 1970) and returns how many went. A follower
    /// that still needed one sees a gap in the numbers and starts over from a fresh read.
    @discardableResult
    public func pruneRealtimeChanges(before: Int64) async throws -> Int {
        try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM rtdb_changes WHERE at < \(bind: before) RETURNING seq
                """
            ).all().count
        }
    }

    static func namespace(named name: String, on db: any SQLDatabase, locking: Bool) async throws
        -> RealtimeNamespace?
    {
        let lock: SQLQueryString = locking ? " FOR UPDATE" : ""
        return try await db.raw(
            "SELECT id, name, rules, rules_version, last_seq FROM rtdb_namespaces WHERE name = \(bind: name)\(lock)"
        ).first().map(namespace(from:))
    }

    static func namespace(from row: any SQLRow) throws -> RealtimeNamespace {
        RealtimeNamespace(
            id: try row.decode(column: "id", as: Int64.self),
            name: try row.decode(column: "name", as: String.self),
            rulesSource: try row.decode(column: "rules", as: String?.self),
            rulesVersion: try row.decode(column: "rules_version", as: Int64.self),
            lastSequence: try row.decode(column: "last_seq", as: Int64.self))
    }
}
