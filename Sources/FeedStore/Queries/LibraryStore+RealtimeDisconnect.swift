import SQLKit

/// An onDisconnect operation of the Realtime Database as it is kept (`rtdb_disconnect_ops`).
public struct RealtimeDisconnectRecord: Sendable, Hashable {
    /// Its number, in the order queued.
    public var id: Int64
    /// The node serving the connection.
    public var nodeID: String
    /// The connection's session.
    public var sessionID: String
    /// The namespace.
    public var namespace: String
    /// `set` or `update`.
    public var action: String
    /// The path it writes.
    public var path: String
    /// The data, as JSON text as the client sent it.
    public var data: String
    /// Who queued it, as JSON text (nil: no one).
    public var caller: String?

    /// A record (`id` is given by the store when queued).
    public init(
        id: Int64 = 0, nodeID: String, sessionID: String, namespace: String, action: String, path: String,
        data: String, caller: String?
    ) {
        self.id = id
        self.nodeID = nodeID
        self.sessionID = sessionID
        self.namespace = namespace
        self.action = action
        self.path = path
        self.data = data
        self.caller = caller
    }
}

extension LibraryStore {
    /// Keeps an onDisconnect operation until its connection closes, and says its node is alive (so no other node
    /// takes it for a dead one's before the node's first heartbeat).
    public func queueRealtimeDisconnect(_ record: RealtimeDisconnectRecord, now: Int64) async throws {
        try await database.transaction { db in
            try await Self.beat(record.nodeID, now: now, on: db)
            try await db.raw(
                """
                INSERT INTO rtdb_disconnect_ops (node_id, session_id, ns, action, path, data, caller, created_at) \
                VALUES (\(bind: record.nodeID), \(bind: record.sessionID), \(bind: record.namespace), \
                \(bind: record.action), \(bind: record.path), \(bind: record.data), \(bind: record.caller), \
                \(bind: now))
                """
            ).run()
        }
    }

    /// The operations a session has queued, in order.
    public func realtimeDisconnects(sessionID: String) async throws -> [RealtimeDisconnectRecord] {
        try await database.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.disconnectColumns) FROM rtdb_disconnect_ops WHERE session_id = \(bind: sessionID) ORDER BY id"
            ).all().map(Self.disconnectRecord)
        }
    }

    /// Forgets these operations (`oc`: cancelled).
    public func cancelRealtimeDisconnects(ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await database.transaction { db in
            let list: [SQLQueryString] = ids.map { "\(bind: $0)" }
            try await db.raw("DELETE FROM rtdb_disconnect_ops WHERE id IN (\(list.joined(separator: ", ")))").run()
        }
    }

    /// Takes a closed session's operations to run them: they are deleted as they are read, in one transaction, so
    /// that only one node ever runs them.
    public func claimRealtimeDisconnects(sessionID: String) async throws -> [RealtimeDisconnectRecord] {
        try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM rtdb_disconnect_ops WHERE session_id = \(bind: sessionID) \
                RETURNING \(unsafeRaw: Self.disconnectColumns)
                """
            ).all().map(Self.disconnectRecord).sorted { $0.id < $1.id }
        }
    }

    /// Says that node `nodeID` is alive at `now`.
    public func beatRealtimeNode(_ nodeID: String, now: Int64) async throws {
        try await database.transaction { db in try await Self.beat(nodeID, now: now, on: db) }
    }

    /// The heartbeat itself, inside the caller's transaction.
    private static func beat(_ nodeID: String, now: Int64, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO rtdb_live_nodes (node_id, heartbeat_at) VALUES (\(bind: nodeID), \(bind: now)) \
            ON CONFLICT (node_id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at
            """
        ).run()
    }

    /// Forgets a node that stops cleanly (its connections' operations already ran).
    public func forgetRealtimeNode(_ nodeID: String) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM rtdb_live_nodes WHERE node_id = \(bind: nodeID)").run()
        }
    }

    /// Takes the operations of every node other than `nodeID` whose heartbeat is older than `before` (or that
    /// queued operations and never beat), and forgets those nodes, in one transaction: the caller runs them.
    public func claimRealtimeDisconnectsOfDeadNodes(except nodeID: String, before: Int64) async throws
        -> [RealtimeDisconnectRecord]
    {
        try await database.transaction { db in
            let dead = try await db.raw(
                """
                SELECT DISTINCT o.node_id FROM rtdb_disconnect_ops o \
                LEFT JOIN rtdb_live_nodes n ON n.node_id = o.node_id \
                WHERE o.node_id <> \(bind: nodeID) AND (n.heartbeat_at IS NULL OR n.heartbeat_at < \(bind: before))
                """
            ).all().map { try $0.decode(column: "node_id", as: String.self) }
            var claimed: [RealtimeDisconnectRecord] = []
            for node in dead {
                claimed += try await db.raw(
                    """
                    DELETE FROM rtdb_disconnect_ops WHERE node_id = \(bind: node) \
                    RETURNING \(unsafeRaw: Self.disconnectColumns)
                    """
                ).all().map(Self.disconnectRecord)
                try await db.raw("DELETE FROM rtdb_live_nodes WHERE node_id = \(bind: node)").run()
            }
            try await db.raw(
                "DELETE FROM rtdb_live_nodes WHERE node_id <> \(bind: nodeID) AND heartbeat_at < \(bind: before)"
            ).run()
            return claimed.sorted { $0.id < $1.id }
        }
    }

    static let disconnectColumns = "id, node_id, session_id, ns, action, path, data, caller"

    static func disconnectRecord(_ row: any SQLRow) throws -> RealtimeDisconnectRecord {
        RealtimeDisconnectRecord(
            id: try row.decode(column: "id", as: Int64.self),
            nodeID: try row.decode(column: "node_id", as: String.self),
            sessionID: try row.decode(column: "session_id", as: String.self),
            namespace: try row.decode(column: "ns", as: String.self),
            action: try row.decode(column: "action", as: String.self),
            path: try row.decode(column: "path", as: String.self),
            data: try row.decode(column: "data", as: String.self),
            caller: try row.decode(column: "caller", as: String?.self))
    }
}
