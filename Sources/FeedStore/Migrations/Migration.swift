import Foundation
import SQLKit

/// One named, ordered schema change. Never edit a migration once it has landed: add a new one.
struct Migration: Sendable {
    let name: String
    let sqlite: [String]
    let postgres: [String]

    /// A migration whose SQL is the same on both backends.
    init(name: String, both statements: [String]) {
        self.name = name
        self.sqlite = statements
        self.postgres = statements
    }

    init(name: String, sqlite: [String], postgres: [String]) {
        self.name = name
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// The tables whose rows appear in API responses; any change to them changes what a cached response would say.
    /// Migration 009 gives these their generation triggers: leave the list as it is, and give a later content table
    /// its triggers in its own migration.
    static let contentTables = ["users", "photos", "photo_tags", "collections", "collection_photos", "likes"]

    /// Every migration, in the order they run.
    static let all: [Migration] = [
        .createUsers,
        .createPhotos,
        .createCollections,
        .createLikes,
        .createPhotoSearch,
        .createAccounts,
        .addPhotoFeatures,
        .createLibraryStats,
        .addLibraryGeneration,
        .keySearchByPhotoRowid,
        .datePhotoSearch,
        .createSocial,
        .addDialects,
        .createSources,
        .coordinateNodes,
        .addFirebase,
        .logRemovedAvatars,
        .addUserLanguage,
        .createRealtimeDatabase,
        .createPendingDeletions,
        .createRealtimeDisconnect,
    ]
}

extension Database {
    /// Applies every migration that has not run yet, each in its own transaction, and returns their names.
    ///
    /// Safe when several processes start at once: SQLite's write lock and a PostgreSQL advisory lock
    /// serialise them, and each re-checks what has run inside its transaction.
    @discardableResult
    public func migrate() async throws -> [String] {
        try await transaction { db in
            try await db.raw(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)"
            ).run()
        }
        var applied: [String] = []
        for migration in Migration.all {
            let ran = try await transaction { [kind] db in
                if kind == .postgres {
                    try await db.raw("SELECT pg_advisory_xact_lock(7461726)").run()
                }
                let done = try await db.raw(
                    "SELECT name FROM schema_migrations WHERE name = \(bind: migration.name)"
                ).first()
                guard done == nil else { return false }
                for statement in kind == .sqlite ? migration.sqlite : migration.postgres {
                    try await db.raw("\(unsafeRaw: statement)").run()
                }
                let now = Int64(Date().timeIntervalSince1970)
                try await db.raw(
                    "INSERT INTO schema_migrations (name, applied_at) VALUES (\(bind: migration.name), \(bind: now))"
                ).run()
                return true
            }
            if ran {
                applied.append(migration.name)
                logger.info("Applied migration", metadata: ["migration": "\(migration.name)"])
            }
        }
        return applied
    }
}
