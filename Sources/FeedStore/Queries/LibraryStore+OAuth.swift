import Foundation
import SQLKit

extension LibraryStore {
    static let appSelect =
        "id, owner_id, name, access_key, secret_hash, redirect_uris, is_public, created_at, oauth1_secret"

    static func decodeApp(_ row: any SQLRow) throws -> OAuthApp {
        OAuthApp(
            id: try row.decode(column: "id", as: String.self),
            ownerID: try row.decode(column: "owner_id", as: String?.self),
            name: try row.decode(column: "name", as: String.self),
            accessKey: try row.decode(column: "access_key", as: String.self),
            secretHash: try row.decode(column: "secret_hash", as: String.self),
            redirectURIs: try row.decode(column: "redirect_uris", as: String.self)
                .split(separator: "\n").map(String.init),
            isPublic: try row.decode(column: "is_public", as: Bool.self),
            createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)),
            oauth1Secret: try row.decode(column: "oauth1_secret", as: String?.self)
        )
    }

    /// Registers an application.
    public func createApp(
        name: String, ownerID: String?, accessKey: String, secretHash: String, redirectURIs: [String], isPublic: Bool,
        oauth1Secret: String? = nil
    ) async throws -> OAuthApp {
        let id = Identifier.make()
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO oauth_apps \
                (id, owner_id, name, access_key, secret_hash, redirect_uris, is_public, created_at, oauth1_secret) \
                VALUES (\(bind: id), \(bind: ownerID), \(bind: name), \(bind: accessKey), \(bind: secretHash), \
                \(bind: redirectURIs.joined(separator: "\n")), \(bind: isPublic), \(bind: Date().storedSeconds), \
                \(bind: oauth1Secret))
                """
            ).run()
        }
        guard let app = try await app(accessKey: accessKey) else { throw StoreError.notFound("OAuth app") }
        return app
    }

    /// An application by its public access key (the OAuth `client_id`).
    public func app(accessKey: String) async throws -> OAuthApp? {
        try await database.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.appSelect) FROM oauth_apps WHERE access_key = \(bind: accessKey)"
            )
            .first().map(Self.decodeApp)
        }
    }

    /// An application by its id.
    public func app(id: String) async throws -> OAuthApp? {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.appSelect) FROM oauth_apps WHERE id = \(bind: id)")
                .first().map(Self.decodeApp)
        }
    }

    /// Applications: all of them, or those one user registered.
    public func apps(ownerID: String? = nil) async throws -> [OAuthApp] {
        try await database.read { db in
            let filter: SQLQueryString = ownerID.map { " WHERE owner_id = \(bind: $0)" } ?? ""
            return try await db.raw(
                "SELECT \(unsafeRaw: Self.appSelect) FROM oauth_apps\(filter) ORDER BY created_at, id"
            )
            .all().map(Self.decodeApp)
        }
    }

    /// Applications the user has authorised and not revoked.
    public func authorizedApps(userID: String) async throws -> [OAuthApp] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.appSelect) FROM oauth_apps WHERE id IN (SELECT app_id FROM access_tokens \
                WHERE user_id = \(bind: userID) AND revoked_at IS NULL) ORDER BY name, id
                """
            ).all().map(Self.decodeApp)
        }
    }

    /// Revokes every token a user gave an application.
    public func revokeAuthorization(userID: String, appID: String) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE access_tokens SET revoked_at = \(bind: Date().storedSeconds) \
                WHERE user_id = \(bind: userID) AND app_id = \(bind: appID) AND revoked_at IS NULL
                """
            ).run()
        }
    }

    /// Records an authorization code (by hash) for a user's consent.
    public func createCode(codeHash: String, grant: CodeGrant) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO oauth_codes (code_hash, app_id, user_id, redirect_uri, scope, code_challenge, expires_at) \
                VALUES (\(bind: codeHash), \(bind: grant.appID), \(bind: grant.userID), \(bind: grant.redirectURI), \
                \(bind: grant.scope), \(bind: grant.codeChallenge), \(bind: grant.expiresAt.storedSeconds))
                """
            ).run()
        }
    }

    /// Marks a code used and returns its grant — once. A second redemption revokes what the first produced.
    public func redeemCode(codeHash: String, now: Date = Date()) async throws -> CodeRedemption {
        try await database.transaction { db in
            // UPDATE takes the row lock on PostgreSQL; SQLite runs one writer at a time anyway.
            if let row = try await db.raw(
                """
                UPDATE oauth_codes SET used_at = \(bind: now.storedSeconds) \
                WHERE code_hash = \(bind: codeHash) AND used_at IS NULL \
                RETURNING app_id, user_id, redirect_uri, scope, code_challenge, expires_at
                """
            ).first() {
                return .granted(
                    CodeGrant(
                        appID: try row.decode(column: "app_id", as: String.self),
                        userID: try row.decode(column: "user_id", as: String.self),
                        redirectURI: try row.decode(column: "redirect_uri", as: String.self),
                        scope: try row.decode(column: "scope", as: String.self),
                        codeChallenge: try row.decode(column: "code_challenge", as: String?.self),
                        expiresAt: Date(storedSeconds: try row.decode(column: "expires_at", as: Int64.self))
                    ))
            }
            guard
                try await db.raw("SELECT code_hash FROM oauth_codes WHERE code_hash = \(bind: codeHash)").first() != nil
            else { return .unknown }
            try await db.raw(
                "UPDATE oauth_codes SET replayed_at = \(bind: now.storedSeconds) WHERE code_hash = \(bind: codeHash)"
            ).run()
            try await db.raw(
                """
                UPDATE access_tokens SET revoked_at = \(bind: now.storedSeconds) \
                WHERE code_hash = \(bind: codeHash) AND revoked_at IS NULL
                """
            ).run()
            return .reused
        }
    }

    /// Records an access token (by hash). A token exchanged for a code is not recorded, and false is returned,
    /// when the code has been replayed meanwhile: the code's row is locked first, so a concurrent replay either
    /// sees this token (and revokes it) or is seen here.
    @discardableResult
    public func createToken(
        tokenHash: String, appID: String, userID: String, codeHash: String?, scope: String,
        createdAt: Date
    ) async throws -> Bool {
        try await database.transaction { [database] db in
            if let codeHash {
                let lock: SQLQueryString = database.kind == .postgres ? " FOR UPDATE" : ""
                let row = try await db.raw(
                    "SELECT replayed_at FROM oauth_codes WHERE code_hash = \(bind: codeHash)\(lock)"
                ).first()
                if try row?.decode(column: "replayed_at", as: Int64?.self) != nil { return false }
            }
            try await db.raw(
                """
                INSERT INTO access_tokens (token_hash, app_id, user_id, code_hash, scope, created_at) \
                VALUES (\(bind: tokenHash), \(bind: appID), \(bind: userID), \(bind: codeHash), \(bind: scope), \
                \(bind: createdAt.storedSeconds))
                """
            ).run()
            return true
        }
    }

    /// The live grant behind a token hash; nil for unknown or revoked tokens.
    public func token(hash: String) async throws -> TokenGrant? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: UserColumns.select(table: "u")), t.app_id AS token_app_id, t.scope AS token_scope \
                    FROM access_tokens t JOIN users u ON u.id = t.user_id \
                    WHERE t.token_hash = \(bind: hash) AND t.revoked_at IS NULL
                    """
                ).first()
            else { return nil }
            return TokenGrant(
                user: try UserColumns.decode(row),
                appID: try row.decode(column: "token_app_id", as: String.self),
                scope: try row.decode(column: "token_scope", as: String.self)
            )
        }
    }

    /// Revokes one token; only its own app may do so when `appID` is given. Unknown tokens are not an error.
    public func revokeToken(hash: String, appID: String?) async throws {
        try await database.transaction { db in
            let appFilter: SQLQueryString = appID.map { " AND app_id = \(bind: $0)" } ?? ""
            try await db.raw(
                """
                UPDATE access_tokens SET revoked_at = \(bind: Date().storedSeconds) \
                WHERE token_hash = \(bind: hash) AND revoked_at IS NULL\(appFilter)
                """
            ).run()
        }
    }
}
