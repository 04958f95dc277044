import Foundation
import SQLKit

extension LibraryStore {
    /// Records a sign-in session under the hash of its id, ending the one it replaces (the session id rotates at
    /// every sign-in) and any that have expired, in one transaction.
    public func createSession(idHash: String, userID: String, expiresAt: Date, replacing old: String? = nil)
        async throws
    {
        try await database.transaction { db in
            let now = Date().storedSeconds
            if let old { try await db.raw("DELETE FROM sessions WHERE id_hash = \(bind: old)").run() }
            try await db.raw("DELETE FROM sessions WHERE expires_at < \(bind: now)").run()
            try await db.raw(
                """
                INSERT INTO sessions (id_hash, user_id, created_at, expires_at) \
                VALUES (\(bind: idHash), \(bind: userID), \(bind: now), \(bind: expiresAt.storedSeconds))
                """
            ).run()
        }
    }

    /// The user of a live session and when it expires; nil for an unknown or expired one.
    public func session(idHash: String, now: Date = Date()) async throws -> (user: UserRecord, expiresAt: Date)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: UserColumns.select(table: "u")), s.expires_at AS session_expires_at FROM sessions s \
                    JOIN users u ON u.id = s.user_id \
                    WHERE s.id_hash = \(bind: idHash) AND s.expires_at > \(bind: now.storedSeconds)
                    """
                ).first()
            else { return nil }
            let expires = Date(storedSeconds: try row.decode(column: "session_expires_at", as: Int64.self))
            return (try UserColumns.decode(row), expires)
        }
    }

    /// Moves a session's expiry (rolling sessions).
    public func extendSession(idHash: String, until expiresAt: Date) async throws {
        try await database.transaction { db in
            try await db.raw(
                "UPDATE sessions SET expires_at = \(bind: expiresAt.storedSeconds) WHERE id_hash = \(bind: idHash)"
            ).run()
        }
    }

    /// Ends a session.
    public func deleteSession(idHash: String) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM sessions WHERE id_hash = \(bind: idHash)").run()
        }
    }
}
