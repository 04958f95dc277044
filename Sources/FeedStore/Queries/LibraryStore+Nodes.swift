import Foundation
import SQLKit

extension LibraryStore {
    /// How long deletions stay in the log: a node whose cache has not followed it for longer empties its cache.
    public static let removalLogRetention: TimeInterval = 7 * 24 * 3600

    /// The photos deleted at `since` or later, by any node, oldest first.
    public func removedPhotos(since: Date) async throws -> [RemovedPhoto] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT photo_id, removed_at FROM removed_photos WHERE removed_at >= \(bind: since.storedSeconds) \
                ORDER BY removed_at, seq
                """
            ).all().map {
                RemovedPhoto(
                    photoID: try $0.decode(column: "photo_id", as: String.self),
                    removedAt: Date(storedSeconds: try $0.decode(column: "removed_at", as: Int64.self)))
            }
        }
    }

    /// The avatars replaced or left by a deleted account at `since` or later, by any node, oldest first.
    public func removedAvatars(since: Date) async throws -> [RemovedAvatar] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT sha256, removed_at FROM removed_avatars WHERE removed_at >= \(bind: since.storedSeconds) \
                ORDER BY removed_at, seq
                """
            ).all().map {
                RemovedAvatar(
                    sha256: try $0.decode(column: "sha256", as: String.self),
                    removedAt: Date(storedSeconds: try $0.decode(column: "removed_at", as: Int64.self)))
            }
        }
    }

    /// Forgets deletions older than `before`: the photos' and the avatars'.
    public func pruneRemovedPhotos(before: Date) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM removed_photos WHERE removed_at < \(bind: before.storedSeconds)").run()
            try await db.raw("DELETE FROM removed_avatars WHERE removed_at < \(bind: before.storedSeconds)").run()
        }
    }

    /// Claims this period's run of the periodic job `name`, due every `interval`: true for the one caller that
    /// finds it due (whichever node asks first), false for every other until the next period. A node that dies
    /// during its run leaves the job to the next period's claimant.
    public func claimJobRun(_ name: String, every interval: TimeInterval, holder: String, now: Date = Date())
        async throws -> Bool
    {
        // Milliseconds: a test's period is a fraction of a second.
        let nowMS = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let dueMS = nowMS - Int64((interval * 1000).rounded(.down))
        return try await database.transaction { db in
            try await db.raw(
                "INSERT INTO job_runs (name, holder, last_run_at) VALUES (\(bind: name), NULL, 0) ON CONFLICT DO NOTHING"
            ).run()
            return try await db.raw(
                """
                UPDATE job_runs SET holder = \(bind: holder), last_run_at = \(bind: nowMS) \
                WHERE name = \(bind: name) AND last_run_at <= \(bind: dueMS) RETURNING name
                """
            ).first() != nil
        }
    }
}
