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

/// Random identifiers in Unsplash's style: 11 URL-safe characters.
public enum Identifier {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// A new random 11-character id.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<11).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// A URL slug from free text: lowercase ASCII words joined by dashes, at most 60 characters.
    public static func slug(from text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var slug = ""
        for word in words where slug.count + word.count + 1 <= 60 {
            slug += slug.isEmpty ? word : "-" + word
        }
        return slug
    }
}
