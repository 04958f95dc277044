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
