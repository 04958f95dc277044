import Foundation
import SQLKit

extension LibraryStore {
    /// The account with this id as Firebase sees it, or nil.
    public func firebaseAccount(userID: String) async throws -> FirebaseAccount? {
        try await database.read { db in try await firebaseAccount(where: "u.id = \(bind: userID)", on: db) }
    }

    /// The account with this email (compared without case) as Firebase sees it, or nil.
    public func firebaseAccount(email: String) async throws -> FirebaseAccount? {
        try await database.read { db in
            try await firebaseAccount(where: "lower(u.email) = lower(\(bind: email))", on: db)
        }
    }

    func firebaseAccount(where condition: SQLQueryString, on db: any SQLDatabase) async throws -> FirebaseAccount? {
        guard
            let row = try await db.raw(
                """
                SELECT \(unsafeRaw: UserColumns.select(table: "u")), u.password_hash, f.email_verified, f.photo_url, \
                f.disabled, f.custom_claims, f.tokens_valid_since, f.last_login_at, f.last_refresh_at, \
                f.password_updated_at FROM users u LEFT JOIN firebase_accounts f ON f.user_id = u.id WHERE \(condition)
                """
            ).first()
        else { return nil }
        var state = FirebaseAccountState()
        state.emailVerified = try row.decode(column: "email_verified", as: Bool?.self) ?? false
        state.photoURL = try row.decode(column: "photo_url", as: String?.self)
        state.disabled = try row.decode(column: "disabled", as: Bool?.self) ?? false
        state.customClaims = try row.decode(column: "custom_claims", as: String?.self)
        state.tokensValidSince = try row.decode(column: "tokens_valid_since", as: Int64?.self) ?? 0
        state.lastLoginAt = try row.decode(column: "last_login_at", as: Int64?.self)
        state.lastRefreshAt = try row.decode(column: "last_refresh_at", as: Int64?.self)
        state.passwordUpdatedAt = try row.decode(column: "password_updated_at", as: Int64?.self)
        return FirebaseAccount(
            user: try UserColumns.decode(row), passwordHash: try row.decode(column: "password_hash", as: String?.self),
            state: state)
    }

    /// Creates an account made through Firebase, with its Firebase state and, for a person signing up themselves,
    /// their first refresh token, in one transaction. A taken id, username or email is a
    /// ``StoreError/conflict(_:)`` naming which (`id`, `username`, `email`).
    public func createFirebaseAccount(
        _ account: NewFirebaseAccount, state: FirebaseAccountChanges, refreshTokenHash: String?, provider: String,
        at date: Date
    ) async throws -> UserRecord {
        try await database.transaction { db in
            if try await db.raw("SELECT id FROM users WHERE id = \(bind: account.id)").first() != nil {
                throw StoreError.conflict("id")
            }
            try await Self.checkUnique(username: account.username, email: account.email, except: nil, on: db)
            let seconds = date.storedSeconds
            try await db.raw(
                """
                INSERT INTO users (id, username, first_name, last_name, email, password_hash, created_at, updated_at) \
                VALUES (\(bind: account.id), \(bind: account.username), \(bind: account.firstName), \
                \(bind: account.lastName), \(bind: account.email), \(bind: account.passwordHash), \(bind: seconds), \
                \(bind: seconds))
                """
            ).run()
            var changes = state
            if refreshTokenHash != nil { changes.lastLoginAt = changes.lastLoginAt ?? date.storedMilliseconds }
            try await Self.changeFirebaseState(userID: account.id, changes, on: db)
            if account.passwordHash != nil {
                try await db.raw(
                    """
                    UPDATE firebase_accounts SET password_updated_at = \(bind: date.storedMilliseconds) \
                    WHERE user_id = \(bind: account.id)
                    """
                ).run()
            }
            if let refreshTokenHash {
                try await Self.insertRefreshToken(
                    refreshTokenHash, userID: account.id, provider: provider, at: date, on: db)
            }
        }
        guard let user = try await user(id: account.id) else { throw StoreError.notFound("The new account vanished.") }
        return user
    }

    /// Applies changes to an account's Firebase state (made when missing).
    public func changeFirebaseAccount(userID: String, _ changes: FirebaseAccountChanges) async throws {
        guard !changes.isEmpty else { return }
        try await database.transaction { db in try await Self.changeFirebaseState(userID: userID, changes, on: db) }
    }

    static func changeFirebaseState(userID: String, _ changes: FirebaseAccountChanges, on db: any SQLDatabase)
        async throws
    {
        try await db.raw("INSERT INTO firebase_accounts (user_id) VALUES (\(bind: userID)) ON CONFLICT DO NOTHING")
            .run()
        var sets: [SQLQueryString] = []
        if let verified = changes.emailVerified { sets.append("email_verified = \(bind: verified)") }
        if let url = changes.photoURL { sets.append("photo_url = \(bind: url.isEmpty ? nil : url)") }
        if let disabled = changes.disabled { sets.append("disabled = \(bind: disabled)") }
        if let claims = changes.customClaims { sets.append("custom_claims = \(bind: claims.isEmpty ? nil : claims)") }
        if let since = changes.tokensValidSince { sets.append("tokens_valid_since = \(bind: since)") }
        if let login = changes.lastLoginAt { sets.append("last_login_at = \(bind: login)") }
        guard !sets.isEmpty else { return }
        try await db.raw(
            "UPDATE firebase_accounts SET \(sets.joined(separator: ", ")) WHERE user_id = \(bind: userID)"
        ).run()
    }

    /// Records a sign-in through Firebase: its time and the refresh token it was given, in one transaction.
    public func recordFirebaseSignIn(userID: String, refreshTokenHash: String, provider: String, at date: Date)
        async throws
    {
        try await database.transaction { db in
            try await Self.changeFirebaseState(
                userID: userID, FirebaseAccountChanges(lastLoginAt: date.storedMilliseconds), on: db)
            try await Self.insertRefreshToken(refreshTokenHash, userID: userID, provider: provider, at: date, on: db)
        }
    }

    static func insertRefreshToken(
        _ hash: String, userID: String, provider: String, at date: Date, on db: any SQLDatabase
    ) async throws {
        try await db.raw(
            """
            INSERT INTO firebase_refresh_tokens (token_hash, user_id, provider, auth_time, created_at) \
            VALUES (\(bind: hash), \(bind: userID), \(bind: provider), \(bind: date.storedSeconds), \
            \(bind: date.storedSeconds))
            """
        ).run()
    }

    /// The live refresh token with this hash, marked used now (and its account's last refresh with it); nil for a
    /// token never issued or revoked since.
    public func useFirebaseRefreshToken(hash: String, at date: Date) async throws -> FirebaseRefreshToken? {
        try await database.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    UPDATE firebase_refresh_tokens SET last_used_at = \(bind: date.storedSeconds) \
                    WHERE token_hash = \(bind: hash) RETURNING user_id, provider, auth_time
                    """
                ).first()
            else { return nil }
            let token = FirebaseRefreshToken(
                userID: try row.decode(column: "user_id", as: String.self),
                provider: try row.decode(column: "provider", as: String.self),
                authTime: try row.decode(column: "auth_time", as: Int64.self))
            try await db.raw(
                "INSERT INTO firebase_accounts (user_id) VALUES (\(bind: token.userID)) ON CONFLICT DO NOTHING"
            )
            .run()
            try await db.raw(
                """
                UPDATE firebase_accounts SET last_refresh_at = \(bind: date.storedMilliseconds) \
                WHERE user_id = \(bind: token.userID)
                """
            ).run()
            return token
        }
    }

    /// Signs an account out everywhere: its web sessions and Firebase refresh tokens end, and its Firebase ID tokens
    /// issued until now are refused.
    public func signOutEverywhere(userID: String, at date: Date = Date()) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: userID)").run()
            try await Self.revokeFirebaseTokens(userID: userID, at: date, on: db)
        }
    }

    /// Ends an account's Firebase refresh tokens and refuses its ID tokens issued until now (its web sessions go on).
    public func revokeFirebaseTokens(userID: String, at date: Date = Date()) async throws {
        try await database.transaction { db in try await Self.revokeFirebaseTokens(userID: userID, at: date, on: db) }
    }

    /// Ends an account's Firebase refresh tokens and refuses its ID tokens issued before `validSince` (seconds since
    /// 1970), as firebase-admin's `revoke_refresh_tokens` asks.
    public func revokeFirebaseTokens(userID: String, validSince: Int64) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM firebase_refresh_tokens WHERE user_id = \(bind: userID)").run()
            try await Self.changeFirebaseState(
                userID: userID, FirebaseAccountChanges(tokensValidSince: validSince), on: db)
        }
    }

    /// A page of every account as Firebase sees it, by id, after the id `after`.
    public func firebaseAccounts(after: String?, limit: Int) async throws -> [FirebaseAccount] {
        let ids: [String] = try await database.read { db in
            try await db.raw(
                """
                SELECT id FROM users WHERE id > \(bind: after ?? "") ORDER BY id LIMIT \(unsafeRaw: String(max(1, limit)))
                """
            ).all().map { try $0.decode(column: "id", as: String.self) }
        }
        var accounts: [FirebaseAccount] = []
        for id in ids {
            if let account = try await firebaseAccount(userID: id) { accounts.append(account) }
        }
        return accounts
    }

    /// Ends an account's Firebase refresh tokens and refuses its ID tokens issued until `date`. The ID tokens' `iat`
    /// counts whole seconds, so tokens are valid from the next second on; tokens issued after this (within the same
    /// second) carry that next second as their `iat` (see ``FirebaseAccountState/tokensValidSince``).
    static func revokeFirebaseTokens(userID: String, at date: Date, on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM firebase_refresh_tokens WHERE user_id = \(bind: userID)").run()
        try await changeFirebaseState(
            userID: userID, FirebaseAccountChanges(tokensValidSince: date.storedSeconds + 1), on: db)
    }

    /// Whether an admin disabled the account (through firebase-admin): it may not sign in through any door.
    public func isAccountDisabled(userID: String) async throws -> Bool {
        try await database.read { db in
            try await db.raw("SELECT disabled FROM firebase_accounts WHERE user_id = \(bind: userID)")
                .first()?.decode(column: "disabled", as: Bool.self) ?? false
        }
    }

    /// How many live refresh tokens an account has.
    public func firebaseRefreshTokenCount(userID: String) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM firebase_refresh_tokens WHERE user_id = \(bind: userID)")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}

extension Date {
    /// Whole milliseconds since 1970, as Firebase's timestamps count.
    var storedMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}
