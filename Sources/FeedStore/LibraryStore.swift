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
}

extension Date {
    /// Whole seconds since 1970, as stored in every timestamp column.
    var storedSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    init(storedSeconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(storedSeconds))
    }
}
