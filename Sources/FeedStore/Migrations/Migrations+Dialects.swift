extension Migration {
    /// What the Flickr, Pixabay and JSONPlaceholder dialects need beyond the library itself:
    ///
    /// - a stable numeric id (`number`) for every photo, user and album, because those APIs' ids are numbers. It is
    ///   given once, at insert, from a per-table sequence, and never reused after a delete: a number an app cached
    ///   can only ever mean the one photo. Existing rows are numbered in the order they were inserted.
    /// - a structured address and contact details on accounts (JSONPlaceholder's users carry them);
    /// - OAuth 1.0a, Flickr's sign-in: a signing secret per app, and request and access tokens. HMAC-SHA1 needs the
    ///   plain secrets on the server (as Flickr keeps them), so they are kept apart from the OAuth 2 secret, which
    ///   is stored hashed: a leaked database then exposes signing for the Flickr dialect, not OAuth 2 clients.
    static let addDialects = Migration(
        name: "013_add_numbers_contacts_oauth1",
        sqlite: numberedTables.flatMap(sqliteNumbers) + contactColumns + oauth1,
        postgres: numberedTables.flatMap(postgresNumbers) + contactColumns + oauth1
    )

    static let numberedTables = ["photos", "users", "collections"]

    /// SQLite: existing rows take their rowid (insertion order), new ones the next value of the table's row in
    /// `id_sequences`, set by a trigger in the inserting transaction (SQLite has one writer at a time, so two
    /// inserts never read the same value).
    private static func sqliteNumbers(_ table: String) -> [String] {
        [
            "CREATE TABLE IF NOT EXISTS id_sequences (name TEXT PRIMARY KEY, last BIGINT NOT NULL)",
            "ALTER TABLE \(table) ADD COLUMN number BIGINT",
            "UPDATE \(table) SET number = rowid",
            "CREATE UNIQUE INDEX \(table)_by_number ON \(table) (number)",
            "INSERT INTO id_sequences (name, last) SELECT '\(table)', COALESCE(MAX(number), 0) FROM \(table)",
            """
            CREATE TRIGGER \(table)_numbering AFTER INSERT ON \(table) WHEN NEW.number IS NULL BEGIN \
            UPDATE id_sequences SET last = last + 1 WHERE name = '\(table)'; \
            UPDATE \(table) SET number = (SELECT last FROM id_sequences WHERE name = '\(table)') WHERE id = NEW.id; END
            """,
        ]
    }

    /// PostgreSQL: a `BIGSERIAL` column (a sequence, safe under concurrent inserts; existing rows are numbered as
    /// the table is rewritten).
    private static func postgresNumbers(_ table: String) -> [String] {
        [
            "ALTER TABLE \(table) ADD COLUMN number BIGSERIAL",
            "CREATE UNIQUE INDEX \(table)_by_number ON \(table) (number)",
        ]
    }

    static let contactFields = [
        "address_street", "address_suite", "address_city", "address_zipcode", "address_lat", "address_lng", "phone",
        "website", "company_name", "company_catch_phrase", "company_bs",
    ]

    private static let contactColumns = contactFields.map { "ALTER TABLE users ADD COLUMN \($0) TEXT" }

    private static let oauth1 = [
        "ALTER TABLE oauth_apps ADD COLUMN oauth1_secret TEXT",
        """
        CREATE TABLE oauth1_tokens (
            token_hash TEXT PRIMARY KEY,
            secret TEXT NOT NULL,
            kind TEXT NOT NULL,
            app_id TEXT NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
            user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
            callback TEXT,
            verifier_hash TEXT,
            perms TEXT NOT NULL DEFAULT 'read',
            created_at BIGINT NOT NULL,
            expires_at BIGINT
        )
        """,
    ]
}
