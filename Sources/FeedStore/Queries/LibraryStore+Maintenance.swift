import Foundation
import SQLKit

/// What `imagefeed check` and `imagefeed backup` ask of the store: every file the library points at, and a
/// consistent copy of the database.
extension LibraryStore {
    /// Every original the library points at: each photo's, and each uploaded avatar's.
    public func storedOriginals() async throws -> Set<StoredOriginal> {
        try await database.read { db in try await storedOriginals(on: db) }
    }

    func storedOriginals(on db: any SQLDatabase) async throws -> Set<StoredOriginal> {
        let rows = try await db.raw(
            """
            SELECT sha256, format FROM photos WHERE format <> 'remote' UNION \
            SELECT avatar_sha256, avatar_format FROM users WHERE avatar_sha256 IS NOT NULL AND avatar_format IS NOT NULL
            """
        ).all()
        return Set(
            try rows.map { row in
                StoredOriginal(
                    sha256: try row.decode(column: "sha256", as: String.self),
                    format: try row.decode(column: "format", as: String.self))
            })
    }

    /// The blob of every Firebase Storage object, in every bucket: files the library points at as it does at
    /// originals, which a backup and a move to a bucket copy too.
    public func firebaseObjectBlobs() async throws -> [String] {
        try await database.read { db in try await firebaseObjectBlobs(on: db) }
    }

    func firebaseObjectBlobs(on db: any SQLDatabase) async throws -> [String] {
        try await db.raw("SELECT blob_key FROM firebase_objects ORDER BY blob_key").all()
            .map { try $0.decode(column: "blob_key", as: String.self) }
    }

    /// The long side, in pixels, of every photo's original, by the original's SHA-256: which ones have a mezzanine.
    public func originalLongSides() async throws -> [String: Int] {
        try await database.read { db in
            let rows = try await db.raw("SELECT sha256, width, height FROM photos").all()
            return try rows.reduce(into: [:]) { sides, row in
                let side = max(
                    try row.decode(column: "width", as: Int.self), try row.decode(column: "height", as: Int.self))
                sides[try row.decode(column: "sha256", as: String.self)] = side
            }
        }
    }

    /// The id of every photo, whose cached renditions may exist.
    public func allPhotoIDs() async throws -> Set<String> {
        try await database.read { db in
            Set(try await db.raw("SELECT id FROM photos").all().map { try $0.decode(column: "id", as: String.self) })
        }
    }

    /// Runs `dump` with the id of an exported PostgreSQL snapshot (`pg_dump --snapshot=ID`), and returns the
    /// originals, the photo count and the Firebase Storage objects' blobs that snapshot holds: the dump and the
    /// lists are the database at one instant.
    public func withExportedSnapshot(_ dump: @Sendable (String) async throws -> Void) async throws
        -> (originals: Set<StoredOriginal>, photos: Int, firebaseBlobs: [String])
    {
        guard database.kind == .postgres else {
            throw StoreError.badConfiguration(
                "An exported snapshot needs PostgreSQL; SQLite is copied with VACUUM INTO.")
        }
        return try await database.transaction { db in
            try await db.raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").run()
            let snapshot = try await db.raw("SELECT pg_export_snapshot() AS id").first()?
                .decode(column: "id", as: String.self)
            guard let snapshot else { throw StoreError.badConfiguration("PostgreSQL did not export a snapshot.") }
            let originals = try await storedOriginals(on: db)
            let photos = try await libraryPhotoCount(on: db)
            let firebaseBlobs = try await firebaseObjectBlobs(on: db)
            try await dump(snapshot)
            return (originals, photos, firebaseBlobs)
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
