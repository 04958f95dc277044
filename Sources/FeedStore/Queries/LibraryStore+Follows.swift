import Foundation
import SQLKit

extension LibraryStore {
    /// Follows a person (by username, ignoring case); following twice changes nothing. Returns their profile as the
    /// follower now sees it. `.notFound("User")` for an unknown username, `.conflict("follow")` for oneself.
    public func follow(_ username: String, by followerID: String, at date: Date = Date()) async throws -> UserProfile {
        try await database.transaction { db in
            guard let followee = try await user(username: username, on: db) else { throw StoreError.notFound("User") }
            guard followee.id != followerID else { throw StoreError.conflict("follow") }
            try await db.raw(
                """
                INSERT INTO follows (follower_id, followee_id, created_at) \
                VALUES (\(bind: followerID), \(bind: followee.id), \(bind: date.storedSeconds)) ON CONFLICT DO NOTHING
                """
            ).run()
            return try await profile(of: followee, viewerID: followerID, on: db)
        }
    }

    /// Stops following a person; unfollowing someone not followed changes nothing. `.notFound("User")` for an unknown
    /// username.
    public func unfollow(_ username: String, by followerID: String) async throws -> UserProfile {
        try await database.transaction { db in
            guard let followee = try await user(username: username, on: db) else { throw StoreError.notFound("User") }
            try await db.raw(
                "DELETE FROM follows WHERE follower_id = \(bind: followerID) AND followee_id = \(bind: followee.id)"
            ).run()
            return try await profile(of: followee, viewerID: followerID, on: db)
        }
    }

    /// A person's profile (by username, ignoring case) as `viewerID` sees it; nil for an unknown username.
    public func profile(username: String, viewerID: String?) async throws -> UserProfile? {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { return nil }
            return try await profile(of: user, viewerID: viewerID, on: db)
        }
    }

    /// A person's profile by id; nil when there is none.
    public func profile(id: String, viewerID: String?) async throws -> UserProfile? {
        try await database.read { db in
            guard let user = try await user(id: id, on: db) else { return nil }
            return try await profile(of: user, viewerID: viewerID, on: db)
        }
    }

    func profile(of user: UserRecord, viewerID: String?, on db: any SQLDatabase) async throws -> UserProfile {
        let counts = try await db.raw(
            """
            SELECT (SELECT COUNT(*) FROM follows WHERE followee_id = \(bind: user.id)) AS followers, \
            (SELECT COUNT(*) FROM follows WHERE follower_id = \(bind: user.id)) AS following, \
            (SELECT COALESCE(CAST(SUM(downloads) AS BIGINT), 0) FROM photos WHERE user_id = \(bind: user.id)) AS downloads, \
            (SELECT COUNT(*) FROM follows WHERE follower_id = \(bind: viewerID ?? "") \
            AND followee_id = \(bind: user.id)) AS followed
            """
        ).first()
        let latest = try await newestPhotos(.owner, in: [user.id], limit: 3, on: db)
        return UserProfile(
            user: user,
            followersCount: try counts?.decode(column: "followers", as: Int.self) ?? 0,
            followingCount: try counts?.decode(column: "following", as: Int.self) ?? 0,
            downloads: try counts?.decode(column: "downloads", as: Int.self) ?? 0,
            followedByViewer: (try counts?.decode(column: "followed", as: Int.self) ?? 0) > 0,
            latestPhotos: latest[user.id] ?? []
        )
    }

    /// The people who follow a person (by username), most recent first. `.notFound("User")` for an unknown username.
    public func followers(ofUsername username: String, page: PageRequest) async throws -> Page<UserRecord> {
        try await follows(ofUsername: username, page: page, theirColumn: "followee_id", otherColumn: "follower_id")
    }

    /// The people a person (by username) follows, most recent first. `.notFound("User")` for an unknown username.
    public func following(ofUsername username: String, page: PageRequest) async throws -> Page<UserRecord> {
        try await follows(ofUsername: username, page: page, theirColumn: "follower_id", otherColumn: "followee_id")
    }

    private func follows(ofUsername username: String, page: PageRequest, theirColumn: String, otherColumn: String)
        async throws -> Page<UserRecord>
    {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { throw StoreError.notFound("User") }
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM follows f \
                JOIN users u ON u.id = f.\(unsafeRaw: otherColumn) WHERE f.\(unsafeRaw: theirColumn) = \(bind: user.id) \
                ORDER BY f.created_at DESC, u.username ASC LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map { try UserColumns.decode($0) }
            let total = try await count(
                "SELECT COUNT(*) AS n FROM follows WHERE \(unsafeRaw: theirColumn) = \(bind: user.id)", on: db
            )
            return Page(items: items, total: total)
        }
    }
}
