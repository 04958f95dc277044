import Firebase
import Foundation
import SQLKit

/// Reads one namespace's tree, inside a snapshot (``LibraryStore/readRealtime(namespace:_:)``) or a write
/// (``RealtimeWriter/tree``): whole subtrees, summaries, children in key order, and the windows of queries served by
/// the indexes of `rtdb_nodes` and `rtdb_index`, never by reading a location's every child.
public struct RealtimeTree: Sendable {
    let db: any SQLDatabase
    /// The namespace, or nil when it has never been written (everything reads as null).
    public let namespace: RealtimeNamespace?

    init(db: any SQLDatabase, namespace: RealtimeNamespace?) {
        self.db = db
        self.namespace = namespace
    }

    /// Another namespace's record as this snapshot sees it (the service reads the one holding the server's rules).
    public func namespaceRecord(named name: String) async throws -> RealtimeNamespace? {
        try await LibraryStore.namespace(named: name, on: db, locking: false)
    }

    /// The number of the last change this tree reflects (0 for a namespace never written).
    public var sequence: Int64 { namespace?.lastSequence ?? 0 }

    /// The whole node at `path` (null when absent). With `maximumNodes`, throws ``RealtimeTooLarge`` rather than
    /// read more nodes than that.
    public func node(at path: DatabasePath, maximumNodes: Int? = nil) async throws -> DatabaseNode {
        guard let ns = namespace?.id else { return .null }
        let start = RealtimePathKey.encode(path)
        let rows = try await nodeRows(ns: ns, from: start, to: RealtimePathKey.subtreeEnd(start), limit: maximumNodes)
        guard let first = rows.first, first.depth == path.depth else { return .null }
        var index = 0
        return RealtimeNodeRow.build(rows, &index)
    }

    /// What the node at `path` is, without its subtree: one row, and for an object the count of its children
    /// (an index range count) unless `countingChildren` is false (then the count is 1).
    public func summary(at path: DatabasePath, countingChildren: Bool = true) async throws -> DatabaseNodeSummary {
        guard let ns = namespace?.id else { return DatabaseNodeSummary(kind: .null, priority: nil) }
        let key = RealtimePathKey.encode(path)
        guard
            let row = try await db.raw(
                """
                SELECT depth, key, kind, num, str, pnum, pstr FROM rtdb_nodes \
                WHERE ns = \(bind: ns) AND path = \(bind: key)
                """
            ).first().map(RealtimeNodeRow.init(row:))
        else { return DatabaseNodeSummary(kind: .null, priority: nil) }
        guard row.kind == RealtimeNodeRow.object else {
            return DatabaseNodeSummary(kind: .leaf(row.value), priority: row.priority)
        }
        var count = 1
        if countingChildren {
            count =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM rtdb_nodes WHERE ns = \(bind: ns) AND parent = \(bind: key)"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
        return DatabaseNodeSummary(kind: .children(count: count), priority: row.priority)
    }

    /// The keys of the children of `path`, in key order (none for a leaf or null), at most `limit`.
    public func childKeys(at path: DatabasePath, limit: Int? = nil) async throws -> [String] {
        try await childKeys(at: path, by: .key, lower: nil, upper: nil, limit: limit.map { .first($0) })
    }

    /// The keys of the children of `path` that a window over `index` admits, in that index's order: `lower` and
    /// `upper` are ``DatabaseSortKey/range(of:)`` of the query. `.key` and `.priority` are served by
    /// `rtdb_nodes`'s indexes; `.value` and child paths by the rows `rtdb_index` keeps for them, which exist only
    /// where the rules' `.indexOn` declares them (the caller checks that first).
    public func childKeys(
        at path: DatabasePath, by index: DatabaseIndex, lower: DatabaseSortKey.RangeEnd?,
        upper: DatabaseSortKey.RangeEnd?, limit: DatabaseQuery.Limit?
    ) async throws -> [String] {
        guard let ns = namespace?.id else { return [] }
        let location = RealtimePathKey.encode(path)
        let (count, descending): (Int?, Bool) =
            switch limit {
            case .first(let n)?: (n, false)
            case .last(let n)?: (n, true)
            case nil: (nil, false)
            }
        if let count, count <= 0 { return [] }
        let order: SQLQueryString = descending ? " DESC" : ""
        let limitClause: SQLQueryString = count.map { " LIMIT \(bind: $0)" } ?? ""
        var query: SQLQueryString
        let column: SQLQueryString
        switch index {
        case .key:
            column = "path"
            query = "SELECT key FROM rtdb_nodes WHERE ns = \(bind: ns) AND parent = \(bind: location)"
        case .priority:
            column = "psort"
            query = "SELECT key FROM rtdb_nodes WHERE ns = \(bind: ns) AND parent = \(bind: location)"
        case .value, .child:
            column = "sort_key"
            query = """
                SELECT key FROM rtdb_index WHERE ns = \(bind: ns) AND location = \(bind: location) \
                AND name = \(bind: index.indexOnName ?? "")
                """
        }
        // Key bounds are compared with whole child paths, which are the location's key followed by the child's.
        let prefix = index == .key ? location : Data()
        if let lower {
            let comparison: SQLQueryString = lower.inclusive ? " >= " : " > "
            query = query + " AND " + column + comparison + "\(bind: prefix + lower.bytes)"
        }
        if let upper {
            let comparison: SQLQueryString = upper.inclusive ? " <= " : " < "
            query = query + " AND " + column + comparison + "\(bind: prefix + upper.bytes)"
        }
        query = query + " ORDER BY " + column + order + limitClause
        var keys = try await db.raw(query).all().map { try $0.decode(column: "key", as: String.self) }
        if descending { keys.reverse() }
        return keys
    }

    /// The children of `path` under `keys`, whole, in the order given (absent ones skipped). Keys that follow each
    /// other in key order are read as one range.
    public func children(at path: DatabasePath, keys: [String], maximumNodes: Int? = nil) async throws
        -> [DatabaseChildren.Entry]
    {
        guard let ns = namespace?.id, !keys.isEmpty else { return [] }
        let location = RealtimePathKey.encode(path)
        var remaining = maximumNodes
        var nodes: [String: DatabaseNode] = [:]
        // Ranges of up to 32 children per statement, each child's subtree one range.
        for batch in stride(from: 0, to: keys.count, by: 32).map({ Array(keys[$0..<min($0 + 32, keys.count)]) }) {
            let ranges: [SQLQueryString] = batch.map {
                let start = RealtimePathKey.child(location, $0)
                return "(path >= \(bind: start) AND path < \(bind: RealtimePathKey.subtreeEnd(start)))"
            }
            let limitClause: SQLQueryString = remaining.map { " LIMIT \(bind: $0 + 1)" } ?? ""
            let rows = try await db.raw(
                """
                SELECT depth, key, kind, num, str, pnum, pstr FROM rtdb_nodes WHERE ns = \(bind: ns) AND \
                (\(ranges.joined(separator: " OR "))) ORDER BY path\(limitClause)
                """
            ).all().map(RealtimeNodeRow.init(row:))
            if let limit = remaining {
                if rows.count > limit { throw RealtimeTooLarge(limit: maximumNodes ?? limit) }
                remaining = limit - rows.count
            }
            var index = 0
            while index < rows.count {
                let key = rows[index].key
                nodes[key] = RealtimeNodeRow.build(rows, &index)
            }
        }
        return keys.compactMap { key in nodes[key].map { DatabaseChildren.Entry(key: key, node: $0) } }
    }

    /// How many nodes the subtree at `path` holds, counting no further than `limit` (so the answer is at most
    /// `limit + 1`): what a write's size is estimated from.
    public func nodeCount(at path: DatabasePath, limit: Int) async throws -> Int {
        guard let ns = namespace?.id else { return 0 }
        let start = RealtimePathKey.encode(path)
        return try await db.raw(
            """
            SELECT COUNT(*) AS n FROM (SELECT 1 FROM rtdb_nodes WHERE ns = \(bind: ns) AND path >= \(bind: start) \
            AND path < \(bind: RealtimePathKey.subtreeEnd(start)) LIMIT \(bind: limit + 1)) AS counted
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    private func nodeRows(ns: Int64, from start: Data, to end: Data, limit: Int?) async throws -> [RealtimeNodeRow] {
        let limitClause: SQLQueryString = limit.map { " LIMIT \(bind: $0 + 1)" } ?? ""
        let rows = try await db.raw(
            """
            SELECT depth, key, kind, num, str, pnum, pstr FROM rtdb_nodes \
            WHERE ns = \(bind: ns) AND path >= \(bind: start) AND path < \(bind: end) ORDER BY path\(limitClause)
            """
        ).all().map(RealtimeNodeRow.init(row:))
        if let limit, rows.count > limit { throw RealtimeTooLarge(limit: limit) }
        return rows
    }
}

/// A read would hold more nodes than the caller allows.
public struct RealtimeTooLarge: Error, Sendable, Hashable {
    /// The most nodes allowed.
    public let limit: Int
}
