extension Migration {
    /// Firebase Authentication and Storage over the library's own accounts and files (issue 29).
    ///
    /// - `firebase_accounts`: what Firebase keeps about an account that ImageFeed's `users` row does not (verified
    ///   email, photo URL, disabled, custom claims, sign-in times) and `tokens_valid_since`: ID tokens issued before
    ///   it are refused (a sign-out, a password change). A row is made the first time Firebase needs one; an
    ///   account without one has the defaults.
    /// - `firebase_refresh_tokens`: opaque refresh tokens, stored as SHA-256 hashes; deleting the rows revokes them.
    /// - `firebase_signing_keys`: the RSA keys ID tokens are signed with, one per rotation period (`period` is
    ///   unique, so nodes racing to make a period's key end up with one), shared by every node.
    /// - `firebase_oob_codes`: the codes of password-reset and email-verification links. Kept as given (not hashed):
    ///   the server sends no mail, so the operator and the emulator's `oobCodes` listing read them back; each is
    ///   single-use and short-lived.
    /// - `firebase_objects`: Storage objects' metadata; the bytes are a blob (`blob_key`) in the library's blob
    ///   store, written before the row. Names compare byte by byte on both backends (`COLLATE "C"` on PostgreSQL,
    ///   SQLite's default), as GCS lists them.
    /// - `firebase_upload_sessions` and `firebase_upload_chunks`: resumable uploads, so that any node can take the
    ///   next chunk and a dropped connection resumes; each chunk is a blob of its own until the upload is finished.
    /// - `firebase_pending_blobs`: blobs written whose row is not committed yet; a blob still listed a day later was
    ///   left by a process that died, and is removed.
    static let addFirebase = Migration(
        name: "016_add_firebase",
        sqlite: firebaseTables(nameType: "TEXT"),
        postgres: firebaseTables(nameType: "TEXT COLLATE \"C\"")
    )

    private static func firebaseTables(nameType: String) -> [String] {
        [
            """
            CREATE TABLE firebase_accounts (
                user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                email_verified BOOLEAN NOT NULL DEFAULT FALSE,
                photo_url TEXT,
                disabled BOOLEAN NOT NULL DEFAULT FALSE,
                custom_claims TEXT,
                tokens_valid_since BIGINT NOT NULL DEFAULT 0,
                last_login_at BIGINT,
                last_refresh_at BIGINT,
                password_updated_at BIGINT
            )
            """,
            """
            CREATE TABLE firebase_refresh_tokens (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                provider TEXT NOT NULL,
                auth_time BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT
            )
            """,
            "CREATE INDEX firebase_refresh_tokens_by_user ON firebase_refresh_tokens (user_id)",
            """
            CREATE TABLE firebase_signing_keys (
                kid TEXT PRIMARY KEY,
                period BIGINT NOT NULL UNIQUE,
                private_key TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE firebase_oob_codes (
                code TEXT PRIMARY KEY,
                request_type TEXT NOT NULL,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                email TEXT NOT NULL,
                new_email TEXT,
                link TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE firebase_objects (
                bucket TEXT NOT NULL,
                name \(nameType) NOT NULL,
                generation BIGINT NOT NULL,
                metageneration BIGINT NOT NULL,
                blob_key TEXT NOT NULL,
                size BIGINT NOT NULL,
                md5_hash TEXT NOT NULL,
                crc32c TEXT NOT NULL,
                content_type TEXT,
                content_encoding TEXT,
                content_disposition TEXT,
                content_language TEXT,
                cache_control TEXT,
                custom_metadata TEXT,
                download_tokens TEXT NOT NULL DEFAULT '',
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (bucket, name)
            )
            """,
            """
            CREATE TABLE firebase_upload_sessions (
                id_hash TEXT PRIMARY KEY,
                bucket TEXT NOT NULL,
                name \(nameType) NOT NULL,
                api TEXT NOT NULL,
                caller TEXT NOT NULL,
                metadata TEXT NOT NULL,
                declared_size BIGINT,
                received BIGINT NOT NULL DEFAULT 0,
                status TEXT NOT NULL,
                result_generation BIGINT,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX firebase_upload_sessions_by_expiry ON firebase_upload_sessions (expires_at)",
            """
            CREATE TABLE firebase_upload_chunks (
                session_id_hash TEXT NOT NULL REFERENCES firebase_upload_sessions (id_hash) ON DELETE CASCADE,
                offset_bytes BIGINT NOT NULL,
                size BIGINT NOT NULL,
                blob_key TEXT NOT NULL,
                PRIMARY KEY (session_id_hash, offset_bytes)
            )
            """,
            """
            CREATE TABLE firebase_pending_blobs (
                blob_key TEXT PRIMARY KEY,
                created_at BIGINT NOT NULL
            )
            """,
        ]
    }
}
