import Foundation
import SQLKit

/// The rate-limit counters every node adds its hits to, per subject and window.
extension LibraryStore {
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
                    totals[try row.decode(column: "subject", as: String.self)] = try row.decode(
                        column: "hits", as: Int.self)
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
