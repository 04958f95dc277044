extension Migration {
    /// The chosen wallpaper device and the location-privacy setting on users; an index for near-me searches.
    static let addPhotoFeatures = Migration(
        name: "007_add_photo_features",
        both: [
            "ALTER TABLE users ADD COLUMN device_id TEXT",
            "ALTER TABLE users ADD COLUMN exact_location_public BOOLEAN NOT NULL DEFAULT FALSE",
            "CREATE INDEX photos_by_position ON photos (latitude, longitude)",
        ])
}

extension Migration {
    /// Counters kept in step with the tables they count, so the feed's `X-Total` is a key lookup instead of a
    /// `COUNT(*)` over every photo on each request (50 ms at a million photos).
    static let createLibraryStats = Migration(
        name: "008_create_library_stats",
        both: [
            "CREATE TABLE library_stats (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
            "INSERT INTO library_stats (name, value) SELECT 'photos', COUNT(*) FROM photos",
        ])
}

extension Migration {
    /// A library-wide generation number that every change to a content table increments, in the same transaction.
    /// Response caches compare it to the number they were filled under, so a write by any process — another server,
    /// `imagefeed import` — empties them. Sessions, tokens and rate-limit counters are not content and leave it be.
    static let addLibraryGeneration = Migration(
        name: "009_add_library_generation",
        sqlite: ["INSERT INTO library_stats (name, value) VALUES ('generation', 1)"]
            + contentTables.flatMap(sqliteGenerationTriggers),
        postgres: [
            "INSERT INTO library_stats (name, value) VALUES ('generation', 1)",
            """
            CREATE FUNCTION bump_library_generation() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
            UPDATE library_stats SET value = value + 1 WHERE name = 'generation'; RETURN NULL; END $$
            """,
        ] + contentTables.map(postgresGenerationTrigger)
    )
}

extension Migration {
    /// SQLite: the full-text rows take their photo's rowid, so a search walks the index newest first and joins on
    /// integers (`photos.rowid = photo_search.rowid`) instead of matching thousands of text ids; prefix indexes
    /// for two- and three-letter prefixes keep search-as-you-type fast (`be…` read every term under `be`: half a
    /// second at a million photos). PostgreSQL keeps its table as it is.
    static let keySearchByPhotoRowid = Migration(
        name: "010_key_search_by_photo_rowid",
        sqlite: [
            """
            CREATE VIRTUAL TABLE photo_search_by_rowid USING fts5(
                photo_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
            )
            """,
            """
            INSERT INTO photo_search_by_rowid (rowid, photo_id, body) \
            SELECT p.rowid, s.photo_id, s.body FROM photo_search s JOIN photos p ON p.id = s.photo_id
            """,
            "DROP TABLE photo_search",
            "ALTER TABLE photo_search_by_rowid RENAME TO photo_search",
        ],
        postgres: []
    )
}

extension Migration {
    /// PostgreSQL: each full-text row carries its photo's date, indexed, so the newest matches of a word are a
    /// short backwards walk of that index instead of a visit to every match (the GIN index cannot order).
    static let datePhotoSearch = Migration(
        name: "011_date_photo_search",
        sqlite: [],
        postgres: [
            "ALTER TABLE photo_search ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0",
            "UPDATE photo_search s SET created_at = p.created_at FROM photos p WHERE p.id = s.photo_id",
            "CREATE INDEX photo_search_latest ON photo_search (created_at DESC, photo_id DESC)",
        ]
    )
}
