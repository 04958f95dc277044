extension Migration {
    /// Files to delete that could not be deleted yet (issue 34): a deletion's rows go in one transaction, its files
    /// afterwards, from a bucket that may not answer then. Each file (or folder of renditions, a key ending in `/`)
    /// is written here before it is deleted and struck off once it is gone; what is left is tried again, with a
    /// growing pause, by one node of the cluster at a time, until the bucket takes it. `next_attempt_at` and
    /// `created_at` are milliseconds since 1970.
    static let createPendingDeletions = Migration(
        name: "020_pending_deletions",
        sqlite: [
            """
            CREATE TABLE pending_deletions (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                key TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at BIGINT NOT NULL,
                last_error TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX pending_deletions_due ON pending_deletions (next_attempt_at)",
        ],
        postgres: [
            """
            CREATE TABLE pending_deletions (
                id BIGSERIAL PRIMARY KEY,
                key TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at BIGINT NOT NULL,
                last_error TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX pending_deletions_due ON pending_deletions (next_attempt_at)",
        ]
    )
}
