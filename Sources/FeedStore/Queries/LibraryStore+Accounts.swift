import Foundation
import SQLKit

extension LibraryStore {
    /// Creates an account; a taken username or email is a ``StoreError/conflict(_:)`` naming which.
    public func createAccount(_ account: NewAccount) async throws -> UserRecord {
        let id = Identifier.make()
        try await database.transaction { db in
            try await Self.checkUnique(username: account.username, email: account.email, except: nil, on: db)
            let now = Date().storedSeconds
            try await db.raw(
                """
                INSERT INTO users (id, username, first_name, last_name, email, password_hash, created_at, updated_at) \
                VALUES (\(bind: id), \(bind: account.username), \(bind: account.firstName), \(bind: account.lastName), \
                \(bind: account.email), \(bind: account.passwordHash), \(bind: now), \(bind: now))
                """
            ).run()
        }
        guard let user = try await user(id: id) else { throw StoreError.notFound("The new account vanished.") }
        return user
    }

    static func checkUnique(username: String?, email: String?, except userID: String?, on db: any SQLDatabase)
        async throws
    {
        let other = userID ?? ""
        if let username,
            try await db.raw(
                "SELECT id FROM users WHERE lower(username) = lower(\(bind: username)) AND id <> \(bind: other)"
            ).first() != nil
        {
            throw StoreError.conflict("username")
        }
        if let email,
            try await db.raw(
                "SELECT id FROM users WHERE lower(email) = lower(\(bind: email)) AND id <> \(bind: other)"
            ).first() != nil
        {
            throw StoreError.conflict("email")
        }
    }

    /// The account whose email or username is `login`, with its password hash (nil for accounts that cannot sign
    /// in, such as the owner of imported photos).
    public func credentials(login: String) async throws -> (user: UserRecord, passwordHash: String?)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: UserColumns.select(table: "u")), u.password_hash FROM users u \
                    WHERE lower(u.email) = lower(\(bind: login)) OR lower(u.username) = lower(\(bind: login))
                    """
                ).first()
            else { return nil }
            return (try UserColumns.decode(row), try row.decode(column: "password_hash", as: String?.self))
        }
    }

    /// Every account, by username.
    public func allUsers() async throws -> [UserRecord] {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u ORDER BY u.username")
                .all().map { try UserColumns.decode($0) }
        }
    }

    /// Replaces a password hash and signs the account out everywhere: its web sessions and Firebase refresh tokens
    /// end, and its Firebase ID tokens issued until now are refused.
    public func setPasswordHash(_ hash: String, userID: String, at date: Date = Date()) async throws {
        try await database.transaction { db in
            try await db.raw("UPDATE users SET password_hash = \(bind: hash) WHERE id = \(bind: userID)").run()
            try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: userID)").run()
            try await Self.revokeFirebaseTokens(userID: userID, at: date, on: db)
            try await db.raw(
                """
                UPDATE firebase_accounts SET password_updated_at = \(bind: date.storedMilliseconds) \
                WHERE user_id = \(bind: userID)
                """
            ).run()
        }
    }

    /// Applies profile changes; a taken username or email is a conflict.
    public func updateProfile(userID: String, _ changes: ProfileChanges) async throws -> UserRecord {
        try await database.transaction { db in
            try await Self.checkUnique(username: changes.username, email: changes.email, except: userID, on: db)
            var sets: [SQLQueryString] = []
            func set(_ column: String, _ value: String?, optional: Bool = true) {
                guard let value else { return }
                let stored: String? = optional && value.isEmpty ? nil : value
                sets.append("\(unsafeRaw: column) = \(bind: stored)")
            }
            set("username", changes.username, optional: false)
            set("first_name", changes.firstName, optional: false)
            set("last_name", changes.lastName)
            set("email", changes.email)
            set("bio", changes.bio)
            set("location", changes.location)
            set("portfolio_url", changes.portfolioURL)
            set("instagram_username", changes.instagramUsername)
            set("device_id", changes.deviceID)
            set("language", changes.language)
            if let exact = changes.exactLocationPublic { sets.append("exact_location_public = \(bind: exact)") }
            for (column, value) in zip(Migration.contactFields, changes.contact.columns) { set(column, value) }
            sets.append("updated_at = \(bind: Date().storedSeconds)")
            try await db.raw("UPDATE users SET \(sets.joined(separator: ", ")) WHERE id = \(bind: userID)").run()
            guard let user = try await user(id: userID, on: db) else { throw StoreError.notFound("User") }
            return user
        }
    }

    /// Points the account's avatar at an uploaded original and returns the account as it now is, with the original
    /// the old avatar leaves unused (for the caller to remove), in one transaction.
    public func setAvatar(userID: String, sha256: String, format: String) async throws
        -> (user: UserRecord, orphaned: [StoredOriginal])
    {
        try await database.transaction { db in
            let previous = try await db.raw(
                "SELECT avatar_sha256, avatar_format FROM users WHERE id = \(bind: userID) AND avatar_sha256 IS NOT NULL"
            ).first().map {
                StoredOriginal(
                    sha256: try $0.decode(column: "avatar_sha256", as: String.self),
                    format: try $0.decode(column: "avatar_format", as: String?.self) ?? "jpeg")
            }
            let updated = try await db.raw(
                """
                UPDATE users SET avatar_sha256 = \(bind: sha256), avatar_format = \(bind: format), \
                updated_at = \(bind: Date().storedSeconds) WHERE id = \(bind: userID) \
                RETURNING \(unsafeRaw: UserColumns.names.joined(separator: ", "))
                """
            ).first().map { try UserColumns.decode($0) }
            guard let updated else { throw StoreError.notFound("User") }
            guard let previous, previous.sha256 != sha256 else { return (updated, []) }
            return (updated, try await unreferenced([previous], on: db))
        }
    }
}
