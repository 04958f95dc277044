import Foundation
import SQLKit

extension LibraryStore {
    /// Likes a photo (by id or slug) for a user; liking twice changes nothing. Throws `.notFound("Photo")` when
    /// there is no such photo.
    ///
    /// One transaction: the like row, the photo's count and the user's `total_likes` move together, so they stay
    /// exact under any number of concurrent likes, and the answer is read in the same transaction.
    public func like(photo idOrSlug: String, by userID: String, at date: Date = Date()) async throws -> LikeChange {
        try await setLike(true, photo: idOrSlug, userID: userID, date: date)
    }

    /// Takes a like back; unliking a photo that is not liked changes nothing. Throws `.notFound("Photo")` when
    /// there is no such photo.
    public func unlike(photo idOrSlug: String, by userID: String) async throws -> LikeChange {
        try await setLike(false, photo: idOrSlug, userID: userID, date: Date())
    }

    private func setLike(_ liked: Bool, photo idOrSlug: String, userID: String, date: Date) async throws -> LikeChange {
        try await database.transaction { db in
            guard
                var photo = try await photos(
                    """
                    SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                    WHERE p.id = \(bind: idOrSlug) OR p.slug = \(bind: idOrSlug)
                    """,
                    viewerID: nil, on: db
                ).first
            else { throw StoreError.notFound("Photo") }
            let changed =
                liked
                ? try await db.raw(
                    """
                    INSERT INTO likes (user_id, photo_id, created_at) VALUES (\(bind: userID), \(bind: photo.id), \
                    \(bind: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))) ON CONFLICT DO NOTHING \
                    RETURNING photo_id
                    """
                ).first() != nil
                : try await db.raw(
                    "DELETE FROM likes WHERE user_id = \(bind: userID) AND photo_id = \(bind: photo.id) RETURNING photo_id"
                ).first() != nil
            let user: UserRecord?
            if changed {
                let step = liked ? 1 : -1
                try await db.raw("UPDATE photos SET likes = likes + \(literal: step) WHERE id = \(bind: photo.id)")
                    .run()
                try await countStatistic(.likes, photoID: photo.id, amount: step, at: date, on: db)
                user = try await db.raw(
                    """
                    UPDATE users SET total_likes = total_likes + \(literal: step) WHERE id = \(bind: userID) \
                    RETURNING \(unsafeRaw: UserColumns.names.joined(separator: ", "))
                    """
                ).first().map { try UserColumns.decode($0) }
                photo.likes += step
            } else {
                user = try await self.user(id: userID, on: db)
            }
            guard let user else { throw StoreError.notFound("User") }
            if photo.owner.id == user.id { photo.owner = user }
            photo.likedByViewer = liked
            return LikeChange(photo: photo, user: user)
        }
    }

    /// The photos a user (by username, ignoring case) likes, most recently liked first. Throws `.notFound("User")`
    /// for an unknown username.
    public func likedPhotos(ofUsername username: String, page: PageRequest, viewerID: String? = nil) async throws
        -> Page<PhotoRecord>
    {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { throw StoreError.notFound("User") }
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM likes l JOIN photos p ON p.id = l.photo_id \
                JOIN users u ON u.id = p.user_id WHERE l.user_id = \(bind: user.id) \
                ORDER BY l.created_at DESC, p.id DESC LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            return Page(items: items, total: user.totalLikes)
        }
    }
}
