extension Migration {
    /// The chosen wallpaper device and the location-privacy setting on users; an index for near-me searches.
    static let addPhotoFeatures = Migration(name: "007_add_photo_features", both: [
        "ALTER TABLE users ADD COLUMN device_id TEXT",
        "ALTER TABLE users ADD COLUMN exact_location_public BOOLEAN NOT NULL DEFAULT FALSE",
        "CREATE INDEX photos_by_position ON photos (latitude, longitude)",
    ])
}

extension Migration {
    /// Counters kept in step with the tables they count, so the feed's `X-Total` is a key lookup instead of a
    /// `COUNT(*)` over every photo on each request (50 ms at a million photos).
    static let createLibraryStats = Migration(name: "008_create_library_stats", both: [
        "CREATE TABLE library_stats (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
        "INSERT INTO library_stats (name, value) SELECT 'photos', COUNT(*) FROM photos",
    ])
}

extension Migration {
    /// The tables whose rows appear in API responses; any change to them changes what a cached response would say.
    static let contentTables = ["users", "photos", "photo_tags", "collections", "collection_photos", "likes"]

    /// A library-wide generation number that every change to a content table increments, in the same transaction.
    /// Response caches compare it to the number they were filled under, so a write by any process — another server,
    /// `imagefeed import` — empties them. Sessions, tokens and rate-limit counters are not content and leave it be.
    static let addLibraryGeneration = Migration(
        name: "009_add_library_generation",
        sqlite: ["INSERT INTO library_stats (name, value) VALUES ('generation', 1)"]
            + contentTables.flatMap { table in
                ["INSERT", "UPDATE", "DELETE"].map { event in
                    """
                    CREATE TRIGGER \(table)_\(event.lowercased())_generation AFTER \(event) ON \(table) BEGIN \
                    UPDATE library_stats SET value = value + 1 WHERE name = 'generation'; END
                    """
                }
            },
        postgres: [
            "INSERT INTO library_stats (name, value) VALUES ('generation', 1)",
            """
            CREATE FUNCTION bump_library_generation() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
            UPDATE library_stats SET value = value + 1 WHERE name = 'generation'; RETURN NULL; END $$
            """,
        ] + contentTables.map { table in
            """
            CREATE TRIGGER \(table)_generation AFTER INSERT OR UPDATE OR DELETE ON \(table) \
            FOR EACH STATEMENT EXECUTE FUNCTION bump_library_generation()
            """
        }
    )
}
