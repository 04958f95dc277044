import Foundation
import SQLKit

/// What `imagefeed check` and `imagefeed backup` ask of the store: every file the library points at, and a
/// consistent copy of the database.
extension LibraryStore {
    /// Every original the library points at: each photo's, and each uploaded avatar's.
    public func storedOriginals() async throws -> Set<StoredOriginal> {
        try await database.read { db in
            var originals: Set<StoredOriginal> = []
            for row in try await db.raw("SELECT sha256, format FROM photos").all() {
                originals.insert(StoredOriginal(
                    sha256: try row.decode(column: "sha256", as: String.self),
                    format: try row.decode(column: "format", as: String.self)))
            }
            let avatars = try await db.raw(
                "SELECT avatar_sha256, avatar_format FROM users WHERE avatar_sha256 IS NOT NULL AND avatar_format IS NOT NULL"
            ).all()
            for row in avatars {
                originals.insert(StoredOriginal(
                    sha256: try row.decode(column: "avatar_sha256", as: String.self),
                    format: try row.decode(column: "avatar_format", as: String.self)))
            }
            return originals
        }
    }

    /// The id of every photo, whose cached renditions may exist.
    public func allPhotoIDs() async throws -> Set<String> {
        try await database.read { db in
            Set(try await db.raw("SELECT id FROM photos").all().map { try $0.decode(column: "id", as: String.self) })
        }
    }

    /// Writes a consistent copy of a SQLite database to `path` while it stays in use (`VACUUM INTO`: one read
    /// transaction, so the copy is the database at one instant, and compact). `path` must not exist.
    public func snapshotSQLite(to path: String) async throws {
        guard database.kind == .sqlite else {
            throw StoreError.badConfiguration("A SQLite snapshot needs a SQLite database; use pg_dump for PostgreSQL.")
        }
        try await database.read { db in
            try await db.raw("VACUUM INTO \(bind: path)").run()
        }
    }
}
