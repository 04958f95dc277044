import Foundation
import SQLKit

extension LibraryStore {
    /// Deletes an account with everything it owns — photos, albums, likes, sessions, tokens — and puts right the
    /// counts it touched in other people's things (likes of its photos, its likes of theirs, its photos in their
    /// albums and those albums' covers). Returns the files left without an owner, for the caller to remove.
    @discardableResult
    public func deleteUser(id: String) async throws -> OrphanedFiles {
        let candidates: (photoIDs: [String], originals: [StoredOriginal]) = try await database.transaction { db in
            let photos = try await db.raw("SELECT id, sha256, format FROM photos WHERE user_id = \(bind: id)").all()
            let avatar = try await db.raw(
                "SELECT avatar_sha256, avatar_format FROM users WHERE id = \(bind: id) AND avatar_sha256 IS NOT NULL"
            ).first()
            // People who liked the account's photos like that many fewer photos.
            try await db.raw(
                """
                UPDATE users SET total_likes = total_likes - (SELECT COUNT(*) FROM likes l \
                JOIN photos p ON p.id = l.photo_id WHERE l.user_id = users.id AND p.user_id = \(bind: id)) \
                WHERE id <> \(bind: id) AND id IN (SELECT l.user_id FROM likes l JOIN photos p ON p.id = l.photo_id \
                WHERE p.user_id = \(bind: id))
                """
            ).run()
            // Other people's photos the account liked have one like fewer.
            try await db.raw(
                """
                UPDATE photos SET likes = likes - 1 \
                WHERE user_id <> \(bind: id) AND id IN (SELECT photo_id FROM likes WHERE user_id = \(bind: id))
                """
            ).run()
            // Other people's albums lose the account's photos (their covers are picked again below).
            try await db.raw(
                """
                UPDATE collections SET total_photos = total_photos - (SELECT COUNT(*) FROM collection_photos cp \
                JOIN photos p ON p.id = cp.photo_id WHERE cp.collection_id = collections.id AND p.user_id = \(bind: id)) \
                WHERE user_id <> \(bind: id) AND id IN (SELECT cp.collection_id FROM collection_photos cp \
                JOIN photos p ON p.id = cp.photo_id WHERE p.user_id = \(bind: id))
                """
            ).run()
            try await db.raw(
                "DELETE FROM photo_search WHERE photo_id IN (SELECT id FROM photos WHERE user_id = \(bind: id))"
            ).run()
            try await db.raw("DELETE FROM users WHERE id = \(bind: id)").run()
            try await Self.pickMissingCovers(on: db)
            try await db.raw(
                "UPDATE library_stats SET value = (SELECT COUNT(*) FROM photos) WHERE name = 'photos'"
            ).run()
            var originals = try photos.map {
                StoredOriginal(
                    sha256: try $0.decode(column: "sha256", as: String.self),
                    format: try $0.decode(column: "format", as: String.self))
            }
            if let avatar {
                originals.append(
                    StoredOriginal(
                        sha256: try avatar.decode(column: "avatar_sha256", as: String.self),
                        format: try avatar.decode(column: "avatar_format", as: String?.self) ?? "jpeg"))
            }
            return (try photos.map { try $0.decode(column: "id", as: String.self) }, originals)
        }
        return OrphanedFiles(photoIDs: candidates.photoIDs, originals: try await unreferenced(candidates.originals))
    }

    /// Gives every album whose cover was deleted (the key set it to NULL) its first photo as the cover.
    static func pickMissingCovers(on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE collections SET cover_photo_id = (SELECT cp.photo_id FROM collection_photos cp \
            WHERE cp.collection_id = collections.id ORDER BY cp.added_at ASC LIMIT 1) WHERE cover_photo_id IS NULL
            """
        ).run()
    }

    /// The originals among `candidates` that no photo and no avatar uses.
    public func unreferenced(_ candidates: [StoredOriginal]) async throws -> [StoredOriginal] {
        guard !candidates.isEmpty else { return [] }
        return try await database.read { db in try await unreferenced(candidates, on: db) }
    }

    func unreferenced(_ candidates: [StoredOriginal], on db: any SQLDatabase) async throws -> [StoredOriginal] {
        guard !candidates.isEmpty else { return [] }
        let digests = Array(Set(candidates.map(\.sha256)))
        // Looked up by their digest, a few hundred per statement: an account with thousands of photos is one
        // statement per batch, not one per photo.
        var used: Set<String> = []
        for start in stride(from: 0, to: digests.count, by: 500) {
            let batch = Array(digests[start..<min(start + 500, digests.count)])
            for row in try await db.raw("SELECT sha256 FROM photos WHERE sha256 IN (\(binds: batch))").all() {
                used.insert(try row.decode(column: "sha256", as: String.self))
            }
            for row in try await db.raw("SELECT avatar_sha256 FROM users WHERE avatar_sha256 IN (\(binds: batch))")
                .all()
            {
                used.insert(try row.decode(column: "avatar_sha256", as: String.self))
            }
        }
        var seen: Set<String> = []
        return candidates.filter { !used.contains($0.sha256) && seen.insert($0.sha256).inserted }
    }
}
