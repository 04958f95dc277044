extension Migration {
    /// The chosen wallpaper device and the location-privacy setting on users; an index for near-me searches.
    static let addPhotoFeatures = Migration(name: "007_add_photo_features", both: [
        "ALTER TABLE users ADD COLUMN device_id TEXT",
        "ALTER TABLE users ADD COLUMN exact_location_public BOOLEAN NOT NULL DEFAULT FALSE",
        "CREATE INDEX photos_by_position ON photos (latitude, longitude)",
    ])
}
