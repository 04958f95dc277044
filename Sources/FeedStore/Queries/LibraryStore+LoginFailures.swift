import Foundation
import SQLKit

/// Failed sign-ins, counted per account and per client address, which the login throttle reads.
extension LibraryStore {
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
}
