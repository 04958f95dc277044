import Foundation
import Logging
import SQLKit

/// All reads and writes of the photo library, as intent-named methods over one ``Database``.
///
/// The SQL is the same on SQLite and PostgreSQL except where a branch on ``DatabaseKind`` says otherwise
/// (full-text search).
public struct LibraryStore: Sendable {
    /// The database the store reads and writes.
    public let database: Database

    /// Creates a store over an opened, migrated database.
    public init(database: Database) {
        self.database = database
    }

    /// Opens the database at `url`, applies pending migrations and returns the store.
    /// - Parameter timeout: how long connecting to PostgreSQL, or waiting for a free connection, may take before a
    ///   request is refused (``Database/defaultTimeout``).
    public static func open(url: String, logger: Logger, timeout: Duration = Database.defaultTimeout) async throws
        -> LibraryStore
    {
        let database = try await Database.open(url: url, logger: logger, timeout: timeout)
        do {
            try await database.migrate()
        } catch {
            try? await database.shutdown()
            throw error
        }
        return LibraryStore(database: database)
    }

    /// Opens the store at `url` (as ``open(url:logger:timeout:)``), runs `body`, and closes the store whether `body`
    /// returned or threw: for work that needs the store for a while and then not at all (a command, a test). A store
    /// dropped without ``Database/shutdown()`` leaves its connections open, and a debug build stops on the pool's
    /// assertion.
    public static func withOpened<Result>(
        url: String, logger: Logger, timeout: Duration = Database.defaultTimeout,
        _ body: (LibraryStore) async throws -> Result
    ) async throws -> Result {
        let store = try await open(url: url, logger: logger, timeout: timeout)
        do {
            let result = try await body(store)
            try await store.database.shutdown()
            return result
        } catch {
            try? await store.database.shutdown()
            throw error
        }
    }
}

extension Date {
    /// Whole seconds since 1970, as stored in every timestamp column.
    var storedSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    init(storedSeconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(storedSeconds))
    }
}
