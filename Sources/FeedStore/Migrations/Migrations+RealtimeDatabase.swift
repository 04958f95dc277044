extension Migration {
    /// The Firebase Realtime Database (issue 30): namespaces, their trees one row per node, the index rows of
    /// their `.indexOn` rules, and the log of their changes that every node follows.
    ///
    /// - `rtdb_namespaces`: a namespace's rules (null for the server's), a counter bumped when they change, and the
    ///   number of its last change. A writer locks its namespace's row (PostgreSQL) or the database (SQLite), so the
    ///   writes of a namespace are serial and its changes are numbered in commit order.
    /// - `rtdb_nodes`: every node, objects included, under `path`, its keys encoded by ``RealtimePathKey`` so that
    ///   byte order is Firebase's key order and a subtree is one range. `parent` lists a node's children in key
    ///   order; `psort` (the priority's sort key) in priority order. `kind`: 1 boolean (in `num`), 2 number, 3 string,
    ///   4 object. The root's parent is `x'FF'`, which no path is.
    /// - `rtdb_index`: one row per child of a location an `.indexOn` covers, per declared index, keyed by the
    ///   child's ``DatabaseSortKey``, so that an `orderByChild` or `orderByValue` window is an index range.
    /// - `rtdb_changes`: each write's changes (`put` or `patch`, the data as JSON with priorities, or `rules`), kept a
    ///   while for the nodes that follow them.
    static let createRealtimeDatabase = Migration(
        name: "019_realtime_database",
        sqlite: [
            """
            CREATE TABLE rtdb_namespaces (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL UNIQUE,
                rules TEXT,
                rules_version BIGINT NOT NULL DEFAULT 0,
                last_seq BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE rtdb_nodes (
                ns BIGINT NOT NULL,
                path BLOB NOT NULL,
                parent BLOB NOT NULL,
                key TEXT NOT NULL,
                depth INTEGER NOT NULL,
                kind INTEGER NOT NULL,
                num REAL,
                str TEXT,
                pnum REAL,
                pstr TEXT,
                psort BLOB NOT NULL,
                PRIMARY KEY (ns, path)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX rtdb_nodes_children ON rtdb_nodes (ns, parent, path)",
            "CREATE INDEX rtdb_nodes_priority ON rtdb_nodes (ns, parent, psort)",
            """
            CREATE TABLE rtdb_index (
                ns BIGINT NOT NULL,
                location BLOB NOT NULL,
                name TEXT NOT NULL,
                sort_key BLOB NOT NULL,
                child BLOB NOT NULL,
                key TEXT NOT NULL,
                PRIMARY KEY (ns, location, name, sort_key)
            ) WITHOUT ROWID
            """,
            "CREATE UNIQUE INDEX rtdb_index_by_child ON rtdb_index (ns, child, name)",
            """
            CREATE TABLE rtdb_changes (
                ns BIGINT NOT NULL,
                seq BIGINT NOT NULL,
                kind TEXT NOT NULL,
                path TEXT NOT NULL,
                data TEXT NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (ns, seq)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX rtdb_changes_by_time ON rtdb_changes (at)",
        ],
        postgres: [
            """
            CREATE TABLE rtdb_namespaces (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                rules TEXT,
                rules_version BIGINT NOT NULL DEFAULT 0,
                last_seq BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE rtdb_nodes (
                ns BIGINT NOT NULL,
                path BYTEA NOT NULL,
                parent BYTEA NOT NULL,
                key TEXT NOT NULL,
                depth INTEGER NOT NULL,
                kind SMALLINT NOT NULL,
                num DOUBLE PRECISION,
                str TEXT,
                pnum DOUBLE PRECISION,
                pstr TEXT,
                psort BYTEA NOT NULL,
                PRIMARY KEY (ns, path)
            )
            """,
            "CREATE INDEX rtdb_nodes_children ON rtdb_nodes (ns, parent, path)",
            "CREATE INDEX rtdb_nodes_priority ON rtdb_nodes (ns, parent, psort)",
            """
            CREATE TABLE rtdb_index (
                ns BIGINT NOT NULL,
                location BYTEA NOT NULL,
                name TEXT NOT NULL,
                sort_key BYTEA NOT NULL,
                child BYTEA NOT NULL,
                key TEXT NOT NULL,
                PRIMARY KEY (ns, location, name, sort_key)
            )
            """,
            "CREATE UNIQUE INDEX rtdb_index_by_child ON rtdb_index (ns, child, name)",
            """
            CREATE TABLE rtdb_changes (
                ns BIGINT NOT NULL,
                seq BIGINT NOT NULL,
                kind TEXT NOT NULL,
                path TEXT NOT NULL,
                data TEXT NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (ns, seq)
            )
            """,
            "CREATE INDEX rtdb_changes_by_time ON rtdb_changes (at)",
        ]
    )
}
