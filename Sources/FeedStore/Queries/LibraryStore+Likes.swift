import Foundation
import SQLKit

extension LibraryStore {
    /// Likes a photo for a user; liking twice changes nothing. Returns false when the photo does not exist.
    /// The photo's count and the user's `total_likes` move in the same transaction as the like row, so they stay
    /// exact under any number of concurrent likes.
    public func like(photoID: String, userID: String, at date: Date = Date()) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.raw("SELECT id FROM photos WHERE id = \(bind: photoID)").first() != nil else {
                return false
            }
            let inserted = try await db.raw(
                """
                INSERT INTO likes (user_id, photo_id, created_at) VALUES (\(bind: userID), \(bind: photoID), \
                \(bind: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))) ON CONFLICT DO NOTHING RETURNING photo_id
                """
            ).first()
            if inserted != nil {
                try await db.raw("UPDATE photos SET likes = likes + 1 WHERE id = \(bind: photoID)").run()
                try await db.raw("UPDATE users SET total_likes = total_likes + 1 WHERE id = \(bind: userID)").run()
            }
            return true
        }
    }

    /// Takes a like back; unliking a photo that is not liked changes nothing. False when the photo does not exist.
    public func unlike(photoID: String, userID: String) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.raw("SELECT id FROM photos WHERE id = \(bind: photoID)").first() != nil else {
                return false
            }
            let deleted = try await db.raw(
                "DELETE FROM likes WHERE user_id = \(bind: userID) AND photo_id = \(bind: photoID) RETURNING photo_id"
            ).first()
            if deleted != nil {
                try await db.raw("UPDATE photos SET likes = likes - 1 WHERE id = \(bind: photoID)").run()
                try await db.raw("UPDATE users SET total_likes = total_likes - 1 WHERE id = \(bind: userID)").run()
            }
            return true
        }
    }

    /// The photos a user likes, most recently liked first.
    public func likedPhotos(userID: String, page: PageRequest, viewerID: String? = nil) async throws -> Page<PhotoRecord> {
        try await database.read { db in
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM likes l JOIN photos p ON p.id = l.photo_id \
                JOIN users u ON u.id = p.user_id WHERE l.user_id = \(bind: userID) \
                ORDER BY l.created_at DESC, p.id DESC LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total = try await count("SELECT COUNT(*) AS n FROM likes WHERE user_id = \(bind: userID)", on: db)
            return Page(items: items, total: total)
        }
    }
}
