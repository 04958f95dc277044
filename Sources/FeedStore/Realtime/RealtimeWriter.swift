import Firebase
import Foundation
import SQLKit

/// Writes one namespace's tree inside a transaction that holds its namespace's lock
/// (``LibraryStore/writeRealtime(namespace:_:)``): replacing subtrees with their ancestors kept consistent, index
/// rows, the change log and the rules. What to write is the caller's (the Realtime Database service applies
/// Firebase's rules and server values first); every statement here binds its values.
public struct RealtimeWriter: Sendable {
    /// Reads of the same namespace on the same transaction, seeing the writes made so far.
    public let tree: RealtimeTree
    let backend: DatabaseKind
    let now: Int64

    /// The namespace, as it was when the lock was taken.
    public var namespace: RealtimeNamespace { tree.namespace! }

    var db: any SQLDatabase { tree.db }
    var ns: Int64 { namespace.id }

    /// Replaces the subtree at `path` with `node` (null deletes it). Ancestors follow Firebase's tree: a node
    /// written below a leaf or below nothing makes its ancestors objects (a leaf keeps its priority), and a deletion
    /// that empties an object removes it, up to the first ancestor that still has children (a leaf above a deleted
    /// path stays as it was).
    public func replace(at path: DatabasePath, with node: DatabaseNode) async throws {
        let key = RealtimePathKey.encode(path)
        try await db.raw(
            """
            DELETE FROM rtdb_nodes WHERE ns = \(bind: ns) AND path >= \(bind: key) \
            AND path < \(bind: RealtimePathKey.subtreeEnd(key))
            """
        ).run()
        if node.isNull {
            try await pruneAncestors(of: path)
            return
        }
        try await makeAncestorsObjects(of: path)
        let rows = RealtimeNodeRow.values(of: node, at: path, ns: ns)
        for start in stride(from: 0, to: rows.count, by: 500) {
            let batch = rows[start..<min(start + 500, rows.count)]
            try await db.raw(
                """
                INSERT INTO rtdb_nodes (ns, path, parent, key, depth, kind, num, str, pnum, pstr, psort) \
                VALUES \(Array(batch).joined(separator: ", "))
                """
            ).run()
        }
    }

    /// Sets the priority of the node at `path`; nothing happens when there is no node there (Firebase drops a
    /// priority given to nothing).
    public func setPriority(_ priority: DatabasePriority?, at path: DatabasePath) async throws {
        var pnum: Double?
        var pstr: String?
        switch priority {
        case .number(let value)?: pnum = value
        case .string(let value)?: pstr = RealtimeNodeRow.escaped(value)
        case nil: break
        }
        let priorityNode: DatabaseNode =
            switch priority {
            case .number(let value)?: .number(value)
            case .string(let value)?: .string(value)
            case nil: .null
            }
        let sortKey = Data(DatabaseSortKey.encode(priorityNode, key: path.lastKey ?? ""))
        try await db.raw(
            """
            UPDATE rtdb_nodes SET pnum = \(bind: pnum), pstr = \(bind: pstr), psort = \(bind: sortKey) \
            WHERE ns = \(bind: ns) AND path = \(bind: RealtimePathKey.encode(path))
            """
        ).run()
    }

    private func makeAncestorsObjects(of path: DatabasePath) async throws {
        guard !path.isRoot else { return }
        var values: [SQLQueryString] = []
        var ancestor = DatabasePath.root
        var parent = RealtimePathKey.rootParent
        for depth in 0..<path.depth {
            if depth > 0 { ancestor = ancestor.child(path.segments[depth - 1]) }
            let key = RealtimePathKey.encode(ancestor)
            let name = ancestor.lastKey ?? ""
            let psort = Data(DatabaseSortKey.encode(.null, key: name))
            values.append(
                """
                (\(bind: ns), \(bind: key), \(bind: parent), \(bind: name), \(bind: depth), \
                \(bind: RealtimeNodeRow.object), \(bind: psort))
                """)
            parent = key
        }
        try await db.raw(
            """
            INSERT INTO rtdb_nodes (ns, path, parent, key, depth, kind, psort) VALUES \(values.joined(separator: ", ")) \
            ON CONFLICT (ns, path) DO UPDATE SET kind = \(bind: RealtimeNodeRow.object), num = NULL, str = NULL \
            WHERE rtdb_nodes.kind <> \(bind: RealtimeNodeRow.object)
            """
        ).run()
    }

    private func pruneAncestors(of path: DatabasePath) async throws {
        var next = path.parent
        while let ancestor = next {
            let key = RealtimePathKey.encode(ancestor)
            let remaining = try await db.raw(
                "SELECT 1 AS one FROM rtdb_nodes WHERE ns = \(bind: ns) AND parent = \(bind: key) LIMIT 1"
            ).first()
            if remaining != nil { return }
            let removed = try await db.raw(
                """
                DELETE FROM rtdb_nodes WHERE ns = \(bind: ns) AND path = \(bind: key) \
                AND kind = \(bind: RealtimeNodeRow.object) RETURNING depth
                """
            ).first()
            if removed == nil { return }
            next = ancestor.parent
        }
    }
}
