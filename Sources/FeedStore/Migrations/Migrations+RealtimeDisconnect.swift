extension Migration {
    /// The Realtime Database's onDisconnect operations (issue 31), kept in the database so that they run even when
    /// the node holding the connection dies.
    ///
    /// - `rtdb_disconnect_ops`: each operation a WebSocket connection queued (`o` a set, `om` an update), in order
    ///   (`id`), with the connection's session, the node serving it, the namespace, the path, the data as the client
    ///   sent it (server values unresolved) and who queued it (the rules' `auth` as JSON, `admin`, or null for no
    ///   one). Deleted as they are claimed to run, so each runs once.
    /// - `rtdb_live_nodes`: when each node serving WebSocket connections last said it is alive; another node runs
    ///   the operations of a node whose heartbeat is stale.
    static let createRealtimeDisconnect = Migration(
        name: "021_realtime_disconnect",
        sqlite: [
            """
            CREATE TABLE rtdb_disconnect_ops (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                node_id TEXT NOT NULL,
                session_id TEXT NOT NULL,
                ns TEXT NOT NULL,
                action TEXT NOT NULL,
                path TEXT NOT NULL,
                data TEXT NOT NULL,
                caller TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX rtdb_disconnect_ops_by_session ON rtdb_disconnect_ops (session_id, id)",
            "CREATE INDEX rtdb_disconnect_ops_by_node ON rtdb_disconnect_ops (node_id, id)",
            "CREATE TABLE rtdb_live_nodes (node_id TEXT PRIMARY KEY, heartbeat_at BIGINT NOT NULL)",
        ],
        postgres: [
            """
            CREATE TABLE rtdb_disconnect_ops (
                id BIGSERIAL PRIMARY KEY,
                node_id TEXT NOT NULL,
                session_id TEXT NOT NULL,
                ns TEXT NOT NULL,
                action TEXT NOT NULL,
                path TEXT NOT NULL,
                data TEXT NOT NULL,
                caller TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX rtdb_disconnect_ops_by_session ON rtdb_disconnect_ops (session_id, id)",
            "CREATE INDEX rtdb_disconnect_ops_by_node ON rtdb_disconnect_ops (node_id, id)",
            "CREATE TABLE rtdb_live_nodes (node_id TEXT PRIMARY KEY, heartbeat_at BIGINT NOT NULL)",
        ]
    )
}
