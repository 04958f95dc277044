extension Migration {
    /// Remote sources (issue 16): the services a library fills itself from, the photos each brought in, the
    /// local people standing for their photographers, and the answers kept for services that ask for caching.
    ///
    /// A source's photo is an ordinary `photos` row (so feed, search, likes, albums and topics treat it like any
    /// other) plus a `source_photos` row naming where it came from. A hotlinked photo has no file here: its
    /// `sha256` is a placeholder no file can have (`remote:…`), and its images are redirects built from `hotlink`.
    /// The row and its link are written in one transaction, so a sync killed at any moment leaves either both or
    /// neither.
    static let createSources = Migration(
        name: "014_create_sources",
        both: [
            """
            CREATE TABLE sources (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                kind TEXT NOT NULL,
                api_url TEXT NOT NULL,
                credential TEXT NOT NULL,
                options TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_sync_at BIGINT,
                last_sync_summary TEXT,
                lease_holder TEXT,
                lease_until BIGINT
            )
            """,
            "CREATE UNIQUE INDEX sources_by_name ON sources (lower(name))",
            """
            CREATE TABLE source_photos (
                source_id TEXT NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
                remote_id TEXT NOT NULL,
                photo_id TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                hotlink TEXT,
                download_location TEXT,
                fingerprint TEXT NOT NULL,
                removed_at BIGINT,
                synced_at BIGINT NOT NULL,
                PRIMARY KEY (source_id, remote_id)
            )
            """,
            // Two remote photos with the same bytes are one downloaded photo here, with a link each.
            "CREATE INDEX source_photos_by_photo ON source_photos (photo_id)",
            """
            CREATE TABLE source_authors (
                source_id TEXT NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
                remote_id TEXT NOT NULL,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                PRIMARY KEY (source_id, remote_id)
            )
            """,
            """
            CREATE TABLE source_responses (
                source_id TEXT NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
                request TEXT NOT NULL,
                body TEXT NOT NULL,
                fetched_at BIGINT NOT NULL,
                PRIMARY KEY (source_id, request)
            )
            """,
        ])
}
