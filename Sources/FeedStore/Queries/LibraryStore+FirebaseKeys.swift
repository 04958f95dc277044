import Foundation
import SQLKit

extension LibraryStore {
    /// The signing keys of `period` and later, oldest first.
    public func firebaseSigningKeys(fromPeriod period: Int64) async throws -> [FirebaseSigningKey] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT kid, period, private_key, created_at FROM firebase_signing_keys \
                WHERE period >= \(bind: period) ORDER BY period
                """
            ).all().map(Self.signingKey)
        }
    }

    /// Adds `key` as its period's key unless another node added one first, and returns the period's key (this one or
    /// the other node's), so that every node signs a period's tokens with the same key.
    public func addFirebaseSigningKey(_ key: FirebaseSigningKey) async throws -> FirebaseSigningKey {
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO firebase_signing_keys (kid, period, private_key, created_at) VALUES (\(bind: key.id), \
                \(bind: key.period), \(bind: key.privateKeyPEM), \(bind: key.createdAt.storedSeconds)) ON CONFLICT DO NOTHING
                """
            ).run()
            guard
                let row = try await db.raw(
                    "SELECT kid, period, private_key, created_at FROM firebase_signing_keys WHERE period = \(bind: key.period)"
                ).first()
            else { throw StoreError.notFound("The new signing key vanished.") }
            return try Self.signingKey(row)
        }
    }

    /// Forgets the signing keys of periods before `period`: tokens they signed have all expired.
    public func pruneFirebaseSigningKeys(beforePeriod period: Int64) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM firebase_signing_keys WHERE period < \(bind: period)").run()
        }
    }

    static func signingKey(_ row: any SQLRow) throws -> FirebaseSigningKey {
        FirebaseSigningKey(
            id: try row.decode(column: "kid", as: String.self),
            period: try row.decode(column: "period", as: Int64.self),
            privateKeyPEM: try row.decode(column: "private_key", as: String.self),
            createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)))
    }
}
