import Foundation
import SQLKit

extension LibraryStore {
    /// Replaces an app's OAuth 1.0a consumer secret.
    public func setOAuth1Secret(_ secret: String, appID: String) async throws {
        try await database.transaction { db in
            try await db.raw("UPDATE oauth_apps SET oauth1_secret = \(bind: secret) WHERE id = \(bind: appID)").run()
        }
    }

    /// Records a new token under the hash of its public part.
    public func createOAuth1Token(hash: String, _ token: OAuth1Token, now: Date = Date()) async throws {
        try await database.transaction { db in
            // Unused request tokens expire; forgetting them here keeps the table small without a job.
            try await db.raw(
                "DELETE FROM oauth1_tokens WHERE expires_at IS NOT NULL AND expires_at < \(bind: now.storedSeconds)"
            ).run()
            try await db.raw(
                """
                INSERT INTO oauth1_tokens (token_hash, secret, kind, app_id, user_id, callback, perms, created_at, expires_at) \
                VALUES (\(bind: hash), \(bind: token.secret), \(bind: token.kind.rawValue), \(bind: token.appID), \
                \(bind: token.userID), \(bind: token.callback), \(bind: token.perms), \(bind: now.storedSeconds), \
                \(bind: token.expiresAt?.storedSeconds))
                """
            ).run()
        }
    }

    /// A live token by the hash of its public part, with its user once authorised.
    public func oauth1Token(hash: String, now: Date = Date()) async throws -> (token: OAuth1Token, user: UserRecord?)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT secret, kind, app_id, user_id, callback, perms, expires_at FROM oauth1_tokens \
                    WHERE token_hash = \(bind: hash) \
                    AND (expires_at IS NULL OR expires_at >= \(bind: now.storedSeconds))
                    """
                ).first(), let kind = OAuth1Token.Kind(rawValue: try row.decode(column: "kind", as: String.self))
            else { return nil }
            let token = OAuth1Token(
                kind: kind, secret: try row.decode(column: "secret", as: String.self),
                appID: try row.decode(column: "app_id", as: String.self),
                userID: try row.decode(column: "user_id", as: String?.self),
                callback: try row.decode(column: "callback", as: String?.self),
                perms: try row.decode(column: "perms", as: String.self),
                expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map(Date.init(storedSeconds:))
            )
            guard let userID = token.userID else { return (token, nil) }
            return (token, try await user(id: userID, on: db))
        }
    }

    /// Marks a request token as authorised by `userID` with `perms`; its verifier is stored hashed. False when the
    /// token is unknown, expired or already authorised.
    public func authorizeOAuth1Token(
        hash: String, userID: String, perms: String, verifierHash: String,
        now: Date = Date()
    ) async throws -> Bool {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE oauth1_tokens SET user_id = \(bind: userID), perms = \(bind: perms), \
                verifier_hash = \(bind: verifierHash) \
                WHERE token_hash = \(bind: hash) AND kind = 'request' AND user_id IS NULL \
                AND expires_at >= \(bind: now.storedSeconds) RETURNING token_hash
                """
            ).first() != nil
        }
    }

    /// Exchanges an authorised request token and its verifier for an access token, once: the request token is
    /// deleted in the same transaction. Returns the user, or nil when the token, the verifier or the app do not
    /// match.
    public func exchangeOAuth1Token(
        requestHash: String, verifierHash: String, appID: String, accessHash: String, accessSecret: String,
        now: Date = Date()
    ) async throws -> UserRecord? {
        try await database.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    DELETE FROM oauth1_tokens WHERE token_hash = \(bind: requestHash) AND kind = 'request' \
                    AND app_id = \(bind: appID) AND verifier_hash = \(bind: verifierHash) AND user_id IS NOT NULL \
                    AND expires_at >= \(bind: now.storedSeconds) RETURNING user_id, perms
                    """
                ).first()
            else { return nil }
            let userID = try row.decode(column: "user_id", as: String.self)
            try await db.raw(
                """
                INSERT INTO oauth1_tokens (token_hash, secret, kind, app_id, user_id, perms, created_at) \
                VALUES (\(bind: accessHash), \(bind: accessSecret), 'access', \(bind: appID), \(bind: userID), \
                \(bind: try row.decode(column: "perms", as: String.self)), \(bind: now.storedSeconds))
                """
            ).run()
            return try await user(id: userID, on: db)
        }
    }
}
