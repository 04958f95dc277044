import Foundation
import SQLKit

extension LibraryStore {
    /// Records the code of an action link, forgetting expired ones.
    public func addOOBCode(_ code: FirebaseOOBCode, at date: Date) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM firebase_oob_codes WHERE expires_at < \(bind: date.storedSeconds)").run()
            try await db.raw(
                """
                INSERT INTO firebase_oob_codes (code, request_type, user_id, email, new_email, link, created_at, \
                expires_at) VALUES (\(bind: code.code), \(bind: code.requestType), \(bind: code.userID), \
                \(bind: code.email), \(bind: code.newEmail), \(bind: code.link), \(bind: date.storedSeconds), \
                \(bind: code.expiresAt.storedSeconds))
                """
            ).run()
        }
    }

    /// The live code `code`, without using it up; nil when unknown or expired.
    public func oobCode(_ code: String, now: Date) async throws -> FirebaseOOBCode? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.oobColumns) FROM firebase_oob_codes \
                WHERE code = \(bind: code) AND expires_at >= \(bind: now.storedSeconds)
                """
            ).first().map(Self.oobCode)
        }
    }

    /// Uses up the live code `code` and returns it; nil when unknown, expired or used already (by another request
    /// at the same moment too: only one of them gets it).
    public func consumeOOBCode(_ code: String, now: Date) async throws -> FirebaseOOBCode? {
        try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM firebase_oob_codes WHERE code = \(bind: code) AND expires_at >= \(bind: now.storedSeconds) \
                RETURNING \(unsafeRaw: Self.oobColumns)
                """
            ).first().map(Self.oobCode)
        }
    }

    /// Every live code, oldest first.
    public func oobCodes(now: Date) async throws -> [FirebaseOOBCode] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.oobColumns) FROM firebase_oob_codes \
                WHERE expires_at >= \(bind: now.storedSeconds) ORDER BY created_at, code
                """
            ).all().map(Self.oobCode)
        }
    }

    private static let oobColumns = "code, request_type, user_id, email, new_email, link, expires_at"

    private static func oobCode(_ row: any SQLRow) throws -> FirebaseOOBCode {
        FirebaseOOBCode(
            code: try row.decode(column: "code", as: String.self),
            requestType: try row.decode(column: "request_type", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            newEmail: try row.decode(column: "new_email", as: String?.self),
            link: try row.decode(column: "link", as: String.self),
            expiresAt: Date(storedSeconds: try row.decode(column: "expires_at", as: Int64.self)))
    }
}
