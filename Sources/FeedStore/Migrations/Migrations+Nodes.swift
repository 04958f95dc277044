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

    /// `removed_avatars`: the sha256 of every avatar replaced or left by a deleted account, written by triggers, so
    /// that each node drops the renditions it cached of it as it drops a deleted photo's (`removed_photos`): a
    /// node's cache of bucket reads keeps an avatar's files in a folder named for its sha256, and nothing else
    /// would ever remove them when the cache has no budget. Kept as long as `removed_photos`.
    static let logRemovedAvatars = Migration(
        name: "017_log_removed_avatars",
        sqlite: [
            """
            CREATE TABLE removed_avatars (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                sha256 TEXT NOT NULL,
                removed_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX removed_avatars_by_time ON removed_avatars (removed_at)",
            """
            CREATE TRIGGER avatars_replaced AFTER UPDATE OF avatar_sha256 ON users \
            WHEN OLD.avatar_sha256 IS NOT NULL AND NEW.avatar_sha256 IS NOT OLD.avatar_sha256 BEGIN \
            INSERT INTO removed_avatars (sha256, removed_at) \
            VALUES (OLD.avatar_sha256, CAST(strftime('%s', 'now') AS INTEGER)); \
            END
            """,
            """
            CREATE TRIGGER avatars_removed AFTER DELETE ON users WHEN OLD.avatar_sha256 IS NOT NULL BEGIN \
            INSERT INTO removed_avatars (sha256, removed_at) \
            VALUES (OLD.avatar_sha256, CAST(strftime('%s', 'now') AS INTEGER)); \
            END
            """,
        ],
        postgres: [
            """
            CREATE TABLE removed_avatars (
                seq BIGSERIAL PRIMARY KEY,
                sha256 TEXT NOT NULL,
                removed_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX removed_avatars_by_time ON removed_avatars (removed_at)",
            """
            CREATE FUNCTION note_removed_avatar() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
            INSERT INTO removed_avatars (sha256, removed_at) VALUES (OLD.avatar_sha256, EXTRACT(EPOCH FROM now())::BIGINT); \
            RETURN NULL; END $$
            """,
            """
            CREATE TRIGGER avatars_replaced AFTER UPDATE OF avatar_sha256 ON users FOR EACH ROW \
            WHEN (OLD.avatar_sha256 IS NOT NULL AND OLD.avatar_sha256 IS DISTINCT FROM NEW.avatar_sha256) \
            EXECUTE FUNCTION note_removed_avatar()
            """,
            """
            CREATE TRIGGER avatars_removed AFTER DELETE ON users FOR EACH ROW WHEN (OLD.avatar_sha256 IS NOT NULL) \
            EXECUTE FUNCTION note_removed_avatar()
            """,
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
