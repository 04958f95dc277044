import FeedModels
import Foundation
import SQLKit

extension LibraryStore {
    /// The id of the photo whose original has this sha256, if any.
    public func photoID(sha256: String) async throws -> String? {
        try await database.read { db in
            try await db.raw("SELECT id FROM photos WHERE sha256 = \(bind: sha256)").first()?
                .decode(column: "id", as: String.self)
        }
    }

    /// Records a photo whose original and renditions are already on disk: the row, its tags, its search text,
    /// its albums and its owner's counter, in one transaction that also reads the new photo back. A second photo
    /// with the same bytes is a no-op.
    public func recordPhoto(_ photo: NewPhoto) async throws -> RecordOutcome {
        try await database.transaction { db in
            if let existing = try await db.raw("SELECT id FROM photos WHERE sha256 = \(bind: photo.sha256)").first() {
                let id = try existing.decode(column: "id", as: String.self)
                // A source's photo whose bytes the library already has: remembered as brought in (so the next
                // sync does not download it again), the photo itself left as it is.
                if let link = photo.sourceLink {
                    try await insertSourceLink(link, photoID: id, at: photo.createdAt.storedSeconds, on: db)
                }
                return .duplicate(id: id)
            }
            let now = photo.createdAt.storedSeconds
            try await db.raw(
                "INSERT INTO photos (\(unsafeRaw: Self.photoInsertColumns)) VALUES \(Self.rowValues(photo))"
            ).run()
            let tags = Self.normalisedTags(photo.tags)
            for tag in tags {
                try await db.raw(
                    "INSERT INTO photo_tags (photo_id, tag) VALUES (\(bind: photo.id), \(bind: tag)) ON CONFLICT DO NOTHING"
                ).run()
            }
            let owner = try await db.raw(
                "SELECT username, first_name, last_name FROM users WHERE id = \(bind: photo.ownerID)"
            )
            .first()
            let ownerWords = try [
                owner?.decode(column: "username", as: String.self),
                owner?.decode(column: "first_name", as: String.self),
                owner?.decode(column: "last_name", as: String?.self),
            ].compactMap { $0 }
            try await insertSearchRow(photoID: photo.id, body: Self.searchBody(photo, ownerWords: ownerWords), on: db)
            try await db.raw(
                "UPDATE users SET total_photos = total_photos + 1 WHERE id = \(bind: photo.ownerID)"
            ).run()
            try await db.raw("UPDATE library_stats SET value = value + 1 WHERE name = 'photos'").run()
            for collectionID in photo.collectionIDs {
                try await addPhoto(photo.id, toCollection: collectionID, at: now, on: db)
            }
            if let link = photo.sourceLink { try await insertSourceLink(link, photoID: photo.id, at: now, on: db) }
            guard let record = try await self.photo(id: photo.id, viewerID: photo.ownerID, on: db) else {
                throw StoreError.notFound("Photo")
            }
            return .inserted(record)
        }
    }

    /// The columns a new photo row sets, in the order of ``rowValues(_:)``.
    static let photoInsertColumns = """
        id, slug, user_id, created_at, updated_at, taken_at, width, height, orientation, color, color_name, \
        blur_hash, description, alt_description, exif_make, exif_model, exif_exposure_time, exif_aperture, \
        exif_focal_length, exif_iso, location_name, location_city, location_country, latitude, longitude, sha256, \
        bytes, format, license, attribution
        """

    /// `(…)`: the values of a new photo's row, bound.
    static func rowValues(_ photo: NewPhoto) -> SQLQueryString {
        let now = photo.createdAt.storedSeconds
        let slugBase = Identifier.slug(from: photo.altDescription ?? photo.title ?? "photo")
        let slug = slugBase.isEmpty ? photo.id : "\(slugBase)-\(photo.id)"
        let orientation = PhotoOrientation(width: photo.width, height: photo.height).rawValue
        return """
            (\(bind: photo.id), \(bind: slug), \(bind: photo.ownerID), \(bind: now), \(bind: now), \
            \(bind: photo.takenAt?.storedSeconds), \(bind: photo.width), \(bind: photo.height), \
            \(bind: orientation), \(bind: photo.color), \(bind: photo.colorName), \(bind: photo.blurHash), \
            \(bind: photo.title), \(bind: photo.altDescription), \(bind: photo.camera.make), \
            \(bind: photo.camera.model), \(bind: photo.camera.exposureTime), \(bind: photo.camera.aperture), \
            \(bind: photo.camera.focalLength), \(bind: photo.camera.iso), \(bind: photo.place.name), \
            \(bind: photo.place.city), \(bind: photo.place.country), \(bind: photo.place.latitude), \
            \(bind: photo.place.longitude), \(bind: photo.sha256), \(bind: photo.bytes), \(bind: photo.format), \
            \(bind: photo.license), \(bind: JSONColumn.encode(photo.source)))
            """
    }

    /// The words a photo is found by: its texts, camera, place, tags and its owner's names.
    static func searchBody(_ photo: NewPhoto, ownerWords: [String]) -> String {
        ([
            photo.title, photo.altDescription, photo.place.name, photo.place.city, photo.place.country,
            photo.camera.make, photo.camera.model,
        ].compactMap { $0 } + normalisedTags(photo.tags) + ownerWords)
        .joined(separator: " ")
    }

    /// Lowercased, trimmed, de-duplicated tags in their first-seen order.
    static func normalisedTags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.compactMap { raw in
            let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard !tag.isEmpty, tag.count <= 64, seen.insert(tag).inserted else { return nil }
            return tag
        }
    }

    func addPhoto(_ photoID: String, toCollection collectionID: String, at seconds: Int64, on db: any SQLDatabase)
        async throws
    {
        let inserted = try await db.raw(
            """
            INSERT INTO collection_photos (collection_id, photo_id, added_at) \
            VALUES (\(bind: collectionID), \(bind: photoID), \(bind: seconds)) ON CONFLICT DO NOTHING RETURNING photo_id
            """
        ).first()
        guard inserted != nil else { return }
        try await db.raw(
            """
            UPDATE collections SET total_photos = total_photos + 1, last_collected_at = \(bind: seconds), \
            updated_at = \(bind: seconds), cover_photo_id = COALESCE(cover_photo_id, \(bind: photoID)) \
            WHERE id = \(bind: collectionID)
            """
        ).run()
    }
}
