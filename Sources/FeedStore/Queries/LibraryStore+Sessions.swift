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
            guard let row = try await db.raw(
                """
                SELECT \(unsafeRaw: UserColumns.select(table: "u")), s.expires_at AS session_expires_at FROM sessions s \
                JOIN users u ON u.id = s.user_id \
                WHERE s.id_hash = \(bind: idHash) AND s.expires_at > \(bind: now.storedSeconds)
                """
            ).first() else { return nil }
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

    /// Counts a failed sign-in against each subject (an account, a client address).
    public func recordLoginFailure(subjects: [String], at date: Date = Date()) async throws {
        try await database.transaction { db in
            for subject in subjects {
                try await db.raw(
                    "INSERT INTO login_failures (subject, failed_at) VALUES (\(bind: subject), \(bind: date.storedSeconds))"
                ).run()
            }
        }
    }

    /// How many sign-ins failed for `subject` since `date`, and when the oldest of them happened.
    public func loginFailures(subject: String, since date: Date) async throws -> (count: Int, oldest: Date?) {
        try await database.read { db in
            let row = try await db.raw(
                """
                SELECT COUNT(*) AS n, MIN(failed_at) AS oldest FROM login_failures \
                WHERE subject = \(bind: subject) AND failed_at >= \(bind: date.storedSeconds)
                """
            ).first()
            let count = try row?.decode(column: "n", as: Int.self) ?? 0
            let oldest = try row?.decode(column: "oldest", as: Int64?.self).map(Date.init(storedSeconds:))
            return (count, oldest)
        }
    }

    /// Forgets the failures of a subject after a successful sign-in.
    public func clearLoginFailures(subject: String) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM login_failures WHERE subject = \(bind: subject)").run()
        }
    }

    /// Adds each subject's hits to its count in the window starting at `windowStart` and returns the new totals:
    /// one statement per 300 subjects, in one transaction, so a node's flush costs the database one commit however
    /// many clients it counted. Subjects go in sorted order, so two nodes flushing at once take the rows' locks in
    /// the same order and never deadlock.
    public func addRateLimitHits(_ batch: [String: Int], windowStart: Int64) async throws -> [String: Int] {
        guard !batch.isEmpty else { return [:] }
        let sorted = batch.sorted { $0.key < $1.key }
        return try await database.transaction { db in
            var totals: [String: Int] = [:]
            for start in stride(from: 0, to: sorted.count, by: 300) {
                let rows: [SQLQueryString] = sorted[start..<min(start + 300, sorted.count)].map {
                    "(\(bind: $0.key), \(bind: windowStart), \(bind: $0.value))"
                }
                for row in try await db.raw(
                    """
                    INSERT INTO rate_limits (subject, window_start, hits) VALUES \(rows.joined(separator: ", ")) \
                    ON CONFLICT (subject, window_start) DO UPDATE SET hits = rate_limits.hits + excluded.hits \
                    RETURNING subject, hits
                    """
                ).all() {
                    totals[try row.decode(column: "subject", as: String.self)] = try row.decode(column: "hits", as: Int.self)
                }
            }
            return totals
        }
    }

    /// Deletes rate-limit windows that ended before `date`.
    public func pruneRateLimits(before date: Date) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM rate_limits WHERE window_start < \(bind: date.storedSeconds)").run()
        }
    }
}
