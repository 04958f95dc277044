extension Migration {
    /// Sign-in sessions, login throttling, the OAuth 2 provider's apps, codes and tokens, shared rate-limit
    /// counters, and uploaded avatars. Secrets (session ids, codes, tokens, app secrets) are stored as SHA-256
    /// hashes only.
    static let createAccounts = Migration(
        name: "006_create_accounts",
        both: [
            "ALTER TABLE users ADD COLUMN avatar_sha256 TEXT",
            "ALTER TABLE users ADD COLUMN avatar_format TEXT",
            """
            CREATE TABLE sessions (
                id_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX sessions_by_user ON sessions (user_id)",
            """
            CREATE TABLE login_failures (
                subject TEXT NOT NULL,
                failed_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX login_failures_by_subject ON login_failures (subject, failed_at)",
            """
            CREATE TABLE oauth_apps (
                id TEXT PRIMARY KEY,
                owner_id TEXT REFERENCES users (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                access_key TEXT NOT NULL UNIQUE,
                secret_hash TEXT NOT NULL,
                redirect_uris TEXT NOT NULL,
                is_public BOOLEAN NOT NULL DEFAULT FALSE,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE oauth_codes (
                code_hash TEXT PRIMARY KEY,
                app_id TEXT NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                redirect_uri TEXT NOT NULL,
                scope TEXT NOT NULL,
                code_challenge TEXT,
                expires_at BIGINT NOT NULL,
                used_at BIGINT,
                replayed_at BIGINT
            )
            """,
            """
            CREATE TABLE access_tokens (
                token_hash TEXT PRIMARY KEY,
                app_id TEXT NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                code_hash TEXT,
                scope TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT
            )
            """,
            "CREATE INDEX access_tokens_by_user ON access_tokens (user_id, app_id)",
            "CREATE INDEX access_tokens_by_code ON access_tokens (code_hash)",
            """
            CREATE TABLE rate_limits (
                subject TEXT NOT NULL,
                window_start BIGINT NOT NULL,
                hits BIGINT NOT NULL,
                PRIMARY KEY (subject, window_start)
            )
            """,
        ])
}

extension Migration {
    /// The language a person chose for the web app and the server's pages (a catalogue's code such as `ru`); NULL
    /// follows their browser.
    static let addUserLanguage = Migration(
        name: "018_add_user_language",
        both: [
            "ALTER TABLE users ADD COLUMN language TEXT"
        ])
}
