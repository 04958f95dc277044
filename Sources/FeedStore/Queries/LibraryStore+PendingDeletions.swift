import Foundation
import SQLKit

/// A file (or, for a key ending in `/`, every file under that folder) still to be deleted from the library's
/// storage: see ``LibraryStore/recordPendingDeletions(_:now:)``.
public struct PendingDeletion: Sendable, Hashable {
    public let id: Int64
    /// The storage key, or a folder's prefix ending in `/`.
    public let key: String
    /// How many times deleting it failed.
    public let attempts: Int
    /// What the storage said the last time.
    public let lastError: String?
}

extension LibraryStore {
    /// Writes down files to delete, before they are deleted, so that one the storage does not take now is deleted
    /// later rather than left for ever (see ``dueDeletions(limit:now:)``). Returns their ids, in order.
    public func recordPendingDeletions(_ keys: [String], now: Date = Date()) async throws -> [Int64] {
        guard !keys.isEmpty else { return [] }
        let stamp = now.storedMilliseconds
        return try await database.transaction { db in
            var ids: [Int64] = []
            for key in keys {
                let row = try await db.raw(
                    """
                    INSERT INTO pending_deletions (key, next_attempt_at, created_at) \
                    VALUES (\(bind: key), \(bind: stamp), \(bind: stamp)) RETURNING id
                    """
                ).first()
                ids.append(try row?.decode(column: "id", as: Int64.self) ?? -1)
            }
            return ids
        }
    }

    /// Strikes off deletions that were done.
    public func finishPendingDeletions(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await database.transaction { db in
            for start in stride(from: 0, to: ids.count, by: 500) {
                let batch = Array(ids[start..<min(start + 500, ids.count)])
                try await db.raw("DELETE FROM pending_deletions WHERE id IN (\(binds: batch))").run()
            }
        }
    }

    /// The deletions due for another try at `now`, oldest first.
    public func dueDeletions(limit: Int, now: Date = Date()) async throws -> [PendingDeletion] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, key, attempts, last_error FROM pending_deletions \
                WHERE next_attempt_at <= \(bind: now.storedMilliseconds) ORDER BY next_attempt_at, id LIMIT \(bind: limit)
                """
            ).all().map {
                PendingDeletion(
                    id: try $0.decode(column: "id", as: Int64.self), key: try $0.decode(column: "key", as: String.self),
                    attempts: try $0.decode(column: "attempts", as: Int.self),
                    lastError: try $0.decode(column: "last_error", as: String?.self))
            }
        }
    }

    /// Counts a failed try of a deletion and puts the next off until `until`.
    public func postponePendingDeletion(_ id: Int64, error: String, until: Date) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE pending_deletions SET attempts = attempts + 1, last_error = \(bind: String(error.prefix(1000))), \
                next_attempt_at = \(bind: until.storedMilliseconds) WHERE id = \(bind: id)
                """
            ).run()
        }
    }

    /// How many deletions are waiting.
    public func pendingDeletionCount() async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS count FROM pending_deletions").first()?
                .decode(column: "count", as: Int.self) ?? 0
        }
    }
}
