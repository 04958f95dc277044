import Foundation
import SQLKit

extension LibraryStore {
    /// A user by username, ignoring case.
    public func user(username: String) async throws -> UserRecord? {
        try await database.read { db in try await user(username: username, on: db) }
    }

    func user(username: String, on db: any SQLDatabase) async throws -> UserRecord? {
        try await db.raw(
            "SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u WHERE lower(u.username) = lower(\(bind: username))"
        ).first().map { try UserColumns.decode($0) }
    }

    /// A user by id.
    public func user(id: String) async throws -> UserRecord? {
        try await database.read { db in try await user(id: id, on: db) }
    }

    func user(id: String, on db: any SQLDatabase) async throws -> UserRecord? {
        try await db.raw(
            "SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u WHERE u.id = \(bind: id)"
        ).first().map { try UserColumns.decode($0) }
    }

    /// The user with this username, created (without a password, so it cannot sign in) when missing.
    /// Importers use it for the owner of imported photos.
    public func ensureUser(username: String, firstName: String, lastName: String? = nil) async throws -> UserRecord {
        if let existing = try await user(username: username) { return existing }
        let now = Date().storedSeconds
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO users (id, username, first_name, last_name, created_at, updated_at) \
                VALUES (\(bind: Identifier.make()), \(bind: username), \(bind: firstName), \(bind: lastName), \
                \(bind: now), \(bind: now)) ON CONFLICT DO NOTHING
                """
            ).run()
        }
        guard let created = try await user(username: username) else {
            throw StoreError.notFound("The user \(username) could not be created.")
        }
        return created
    }
}
