extension Migration {
    /// What several nodes coordinate through (issue 17).
    ///
    /// - `removed_photos`: every deleted photo's id, written by a trigger, so no deletion path (a user's, a
    ///   source's, a cascade) can forget it. Each node keeps renditions in a cache of its own; it reads this log to
    ///   drop the renditions of photos another node deleted, which it would otherwise keep serving from its cache.
    ///   Kept for a week (see ``LibraryStore/removedPhotos(since:)``).
    /// - `job_runs`: when each periodic job last ran (milliseconds since 1970), so that one node runs it per period
    ///   whichever nodes are up.
    static let coordinateNodes = Migration(
        name: "015_coordinate_nodes",
        sqlite: [
            """
            CREATE TABLE removed_photos (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                photo_id TEXT NOT NULL,
                removed_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX removed_photos_by_time ON removed_photos (removed_at)",
            """
            CREATE TRIGGER photos_removed AFTER DELETE ON photos BEGIN \
            INSERT INTO removed_photos (photo_id, removed_at) VALUES (OLD.id, CAST(strftime('%s', 'now') AS INTEGER)); \
            END
            """,
            jobRuns,
        ],
        postgres: [
            """
            CREATE TABLE removed_photos (
                seq BIGSERIAL PRIMARY KEY,
                photo_id TEXT NOT NULL,
                removed_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX removed_photos_by_time ON removed_photos (removed_at)",
            """
            CREATE FUNCTION note_removed_photo() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
            INSERT INTO removed_photos (photo_id, removed_at) VALUES (OLD.id, EXTRACT(EPOCH FROM now())::BIGINT); \
            RETURN NULL; END $$
            """,
            "CREATE TRIGGER photos_removed AFTER DELETE ON photos FOR EACH ROW EXECUTE FUNCTION note_removed_photo()",
            jobRuns,
        ]
    )

    private static let jobRuns = """
        CREATE TABLE job_runs (
            name TEXT PRIMARY KEY,
            holder TEXT,
            last_run_at BIGINT NOT NULL
        )
        """
}
