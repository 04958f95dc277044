extension Migration {
    /// Topics (curated groups of photos, joined by tag or album), follows, and per-day photo statistics.
    ///
    /// Topics and follows are content (they appear in cached answers) and get generation triggers like the tables
    /// of migration 009. Statistics and the views de-duplication table are not: they change with every view, and the
    /// answers that show them are never cached, so counting views leaves the feed's cache alone.
    static let createSocial = Migration(
        name: "012_create_topics_follows_statistics",
        sqlite: socialTables + socialContentTables.flatMap(sqliteGenerationTriggers),
        postgres: socialTables + socialContentTables.map(postgresGenerationTrigger)
    )

    static let socialContentTables = ["topics", "topic_tags", "topic_collections", "follows"]

    private static let socialTables = [
        """
        CREATE TABLE topics (
            id TEXT PRIMARY KEY,
            slug TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            description TEXT,
            featured BOOLEAN NOT NULL DEFAULT FALSE,
            position BIGINT NOT NULL DEFAULT 0,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE topic_tags (
            topic_id TEXT NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
            tag TEXT NOT NULL,
            PRIMARY KEY (topic_id, tag)
        )
        """,
        """
        CREATE TABLE topic_collections (
            topic_id TEXT NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
            collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
            PRIMARY KEY (topic_id, collection_id)
        )
        """,
        """
        CREATE TABLE follows (
            follower_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            followee_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (follower_id, followee_id)
        )
        """,
        "CREATE INDEX follows_by_followee ON follows (followee_id, created_at DESC)",
        """
        CREATE TABLE photo_statistics (
            photo_id TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
            day BIGINT NOT NULL,
            views BIGINT NOT NULL DEFAULT 0,
            downloads BIGINT NOT NULL DEFAULT 0,
            likes BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (photo_id, day)
        )
        """,
        "CREATE INDEX photo_statistics_by_day ON photo_statistics (day)",
        """
        CREATE TABLE photo_viewers (
            photo_id TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
            viewer TEXT NOT NULL,
            day BIGINT NOT NULL,
            PRIMARY KEY (photo_id, viewer, day)
        )
        """,
        "CREATE INDEX photo_viewers_by_day ON photo_viewers (day)",
    ]

    /// The generation triggers of migration 009 for one more content table, on SQLite.
    static func sqliteGenerationTriggers(_ table: String) -> [String] {
        ["INSERT", "UPDATE", "DELETE"].map { event in
            """
            CREATE TRIGGER \(table)_\(event.lowercased())_generation AFTER \(event) ON \(table) BEGIN \
            UPDATE library_stats SET value = value + 1 WHERE name = 'generation'; END
            """
        }
    }

    /// The generation trigger of migration 009 for one more content table, on PostgreSQL.
    static func postgresGenerationTrigger(_ table: String) -> String {
        """
        CREATE TRIGGER \(table)_generation AFTER INSERT OR UPDATE OR DELETE ON \(table) \
        FOR EACH STATEMENT EXECUTE FUNCTION bump_library_generation()
        """
    }
}
