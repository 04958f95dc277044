extension Migration {
    static let createUsers = Migration(
        name: "001_create_users",
        both: [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                username TEXT NOT NULL,
                first_name TEXT NOT NULL DEFAULT '',
                last_name TEXT,
                email TEXT,
                bio TEXT,
                location TEXT,
                portfolio_url TEXT,
                instagram_username TEXT,
                password_hash TEXT,
                total_photos BIGINT NOT NULL DEFAULT 0,
                total_likes BIGINT NOT NULL DEFAULT 0,
                total_collections BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX users_username ON users (lower(username))",
            "CREATE UNIQUE INDEX users_email ON users (lower(email))",
        ])

    static let createPhotos = Migration(
        name: "002_create_photos",
        both: [
            """
            CREATE TABLE photos (
                id TEXT PRIMARY KEY,
                slug TEXT NOT NULL UNIQUE,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                taken_at BIGINT,
                width BIGINT NOT NULL,
                height BIGINT NOT NULL,
                orientation TEXT NOT NULL,
                color TEXT NOT NULL,
                color_name TEXT NOT NULL,
                blur_hash TEXT,
                description TEXT,
                alt_description TEXT,
                exif_make TEXT,
                exif_model TEXT,
                exif_exposure_time TEXT,
                exif_aperture TEXT,
                exif_focal_length TEXT,
                exif_iso BIGINT,
                location_name TEXT,
                location_city TEXT,
                location_country TEXT,
                latitude DOUBLE PRECISION,
                longitude DOUBLE PRECISION,
                likes BIGINT NOT NULL DEFAULT 0,
                downloads BIGINT NOT NULL DEFAULT 0,
                views BIGINT NOT NULL DEFAULT 0,
                sha256 TEXT NOT NULL UNIQUE,
                bytes BIGINT NOT NULL,
                format TEXT NOT NULL,
                license TEXT,
                attribution TEXT
            )
            """,
            "CREATE INDEX photos_latest ON photos (created_at DESC, id DESC)",
            "CREATE INDEX photos_popular ON photos (likes DESC, created_at DESC, id DESC)",
            "CREATE INDEX photos_by_user ON photos (user_id, created_at DESC, id DESC)",
            """
            CREATE TABLE photo_tags (
                photo_id TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (photo_id, tag)
            )
            """,
            "CREATE INDEX photo_tags_by_tag ON photo_tags (tag, photo_id)",
        ])

    static let createCollections = Migration(
        name: "003_create_collections",
        both: [
            """
            CREATE TABLE collections (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                title TEXT NOT NULL,
                description TEXT,
                private BOOLEAN NOT NULL DEFAULT FALSE,
                cover_photo_id TEXT REFERENCES photos (id) ON DELETE SET NULL,
                total_photos BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                last_collected_at BIGINT
            )
            """,
            "CREATE UNIQUE INDEX collections_by_user_title ON collections (user_id, title)",
            "CREATE INDEX collections_latest ON collections (created_at DESC, id DESC)",
            """
            CREATE TABLE collection_photos (
                collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
                photo_id TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                added_at BIGINT NOT NULL,
                PRIMARY KEY (collection_id, photo_id)
            )
            """,
            "CREATE INDEX collection_photos_by_photo ON collection_photos (photo_id)",
        ])

    /// `created_at` is in milliseconds: likes made within one second still list newest first.
    static let createLikes = Migration(
        name: "004_create_likes",
        both: [
            """
            CREATE TABLE likes (
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                photo_id TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, photo_id)
            )
            """,
            "CREATE INDEX likes_by_photo ON likes (photo_id)",
            "CREATE INDEX likes_by_user_latest ON likes (user_id, created_at DESC)",
        ])

    /// Full-text search: FTS5 on SQLite, a generated `tsvector` with a GIN index on PostgreSQL.
    static let createPhotoSearch = Migration(
        name: "005_create_photo_search",
        sqlite: [
            """
            CREATE VIRTUAL TABLE photo_search USING fts5(
                photo_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2'
            )
            """
        ],
        postgres: [
            """
            CREATE TABLE photo_search (
                photo_id TEXT PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
                body TEXT NOT NULL,
                document tsvector GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED
            )
            """,
            "CREATE INDEX photo_search_document ON photo_search USING GIN (document)",
        ]
    )
}
