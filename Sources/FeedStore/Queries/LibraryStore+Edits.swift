import Foundation
import SQLKit

extension LibraryStore {
    /// Applies the owner's changes to a photo (by id or slug), refreshes its search text and returns the photo as
    /// the owner now sees it, in one transaction. Throws `.notFound("Photo")`, or `.notOwner` for someone else's.
    public func updatePhoto(_ idOrSlug: String, by ownerID: String, _ changes: PhotoChanges) async throws -> PhotoRecord
    {
        try await database.transaction { db in
            let id = try await ownedPhotoID(idOrSlug, ownerID: ownerID, on: db)
            var sets: [SQLQueryString] = ["updated_at = \(bind: Date().storedSeconds)"]
            if let description = changes.description {
                sets.append("description = \(bind: description.isEmpty ? nil : description)")
            }
            if let alt = changes.altDescription { sets.append("alt_description = \(bind: alt.isEmpty ? nil : alt)") }
            if let license = changes.license { sets.append("license = \(bind: license.isEmpty ? nil : license)") }
            if let place = changes.place {
                sets.append("location_name = \(bind: place.name)")
                sets.append("location_city = \(bind: place.city)")
                sets.append("location_country = \(bind: place.country)")
                sets.append("latitude = \(bind: place.latitude)")
                sets.append("longitude = \(bind: place.longitude)")
            }
            try await db.raw("UPDATE photos SET \(sets.joined(separator: ", ")) WHERE id = \(bind: id)").run()
            if let tags = changes.tags {
                try await db.raw("DELETE FROM photo_tags WHERE photo_id = \(bind: id)").run()
                for tag in Self.normalisedTags(tags) {
                    try await db.raw("INSERT INTO photo_tags (photo_id, tag) VALUES (\(bind: id), \(bind: tag))").run()
                }
            }
            try await refreshSearchText(photoID: id, on: db)
            guard let updated = try await photo(id: id, viewerID: ownerID, on: db) else {
                throw StoreError.notFound("Photo")
            }
            return updated
        }
    }

    /// The id of the photo `idOrSlug` names when `ownerID` owns it; `.notFound("Photo")` or `.notOwner` otherwise.
    func ownedPhotoID(_ idOrSlug: String, ownerID: String, on db: any SQLDatabase) async throws -> String {
        guard
            let row = try await db.raw(
                "SELECT id, user_id FROM photos WHERE id = \(bind: idOrSlug) OR slug = \(bind: idOrSlug)"
            ).first()
        else { throw StoreError.notFound("Photo") }
        guard try row.decode(column: "user_id", as: String.self) == ownerID else { throw StoreError.notOwner("photos") }
        return try row.decode(column: "id", as: String.self)
    }

    func refreshSearchText(photoID: String, on db: any SQLDatabase) async throws {
        guard
            let row = try await db.raw(
                """
                SELECT p.description, p.alt_description, p.location_name, p.location_city, p.location_country, \
                p.exif_make, p.exif_model, u.username, u.first_name, u.last_name \
                FROM photos p JOIN users u ON u.id = p.user_id WHERE p.id = \(bind: photoID)
                """
            ).first()
        else { return }
        var words: [String] = []
        for column in [
            "description", "alt_description", "location_name", "location_city", "location_country",
            "exif_make", "exif_model", "username", "first_name", "last_name",
        ] {
            if let value = try row.decode(column: column, as: String?.self) { words.append(value) }
        }
        let tags = try await db.raw("SELECT tag FROM photo_tags WHERE photo_id = \(bind: photoID)").all()
        words += try tags.map { try $0.decode(column: "tag", as: String.self) }
        try await db.raw("DELETE FROM photo_search WHERE photo_id = \(bind: photoID)").run()
        try await insertSearchRow(photoID: photoID, body: words.joined(separator: " "), on: db)
    }

    /// Adds a photo's full-text row: on SQLite under the photo's own rowid (migration 010), on PostgreSQL with its
    /// date (migration 011).
    func insertSearchRow(photoID: String, body: String, on db: any SQLDatabase) async throws {
        switch database.kind {
        case .sqlite:
            try await db.raw(
                """
                INSERT INTO photo_search (rowid, photo_id, body)                 SELECT rowid, id, \(bind: body) FROM photos WHERE id = \(bind: photoID)
                """
            ).run()
        case .postgres:
            try await db.raw(
                """
                INSERT INTO photo_search (photo_id, body, created_at) \
                SELECT id, \(bind: body), created_at FROM photos WHERE id = \(bind: photoID)
                """
            ).run()
        }
    }

    /// Deletes the owner's photo (by id or slug) with its tags, likes and album entries, keeping every counter
    /// exact, and returns the files it leaves unused — all in one transaction. Throws `.notFound("Photo")`, or
    /// `.notOwner` for someone else's.
    public func deletePhoto(_ idOrSlug: String, by ownerID: String) async throws -> OrphanedFiles {
        try await database.transaction { db in
            let id = try await ownedPhotoID(idOrSlug, ownerID: ownerID, on: db)
            guard let original = try await db.raw("SELECT sha256, format FROM photos WHERE id = \(bind: id)").first()
            else { throw StoreError.notFound("Photo") }
            try await db.raw(
                """
                UPDATE users SET total_likes = total_likes - 1 \
                WHERE id IN (SELECT user_id FROM likes WHERE photo_id = \(bind: id))
                """
            ).run()
            try await db.raw(
                """
                UPDATE collections SET total_photos = total_photos - 1, \
                cover_photo_id = CASE WHEN cover_photo_id = \(bind: id) THEN NULL ELSE cover_photo_id END \
                WHERE id IN (SELECT collection_id FROM collection_photos WHERE photo_id = \(bind: id))
                """
            ).run()
            try await db.raw("UPDATE users SET total_photos = total_photos - 1 WHERE id = \(bind: ownerID)").run()
            try await db.raw("DELETE FROM photo_search WHERE photo_id = \(bind: id)").run()
            try await db.raw("DELETE FROM photos WHERE id = \(bind: id)").run()
            try await db.raw("UPDATE library_stats SET value = value - 1 WHERE name = 'photos'").run()
            try await Self.pickMissingCovers(on: db)
            let stored = StoredOriginal(
                sha256: try original.decode(column: "sha256", as: String.self),
                format: try original.decode(column: "format", as: String.self)
            )
            return OrphanedFiles(photoIDs: [id], originals: try await unreferenced([stored], on: db))
        }
    }

    /// Creates an album and returns it; a title the owner already uses is a conflict.
    public func createCollection(ownerID: String, title: String, description: String?, isPrivate: Bool)
        async throws -> CollectionRecord
    {
        let id = Identifier.make()
        return try await database.transaction { db in
            if try await db.raw(
                "SELECT id FROM collections WHERE user_id = \(bind: ownerID) AND title = \(bind: title)"
            ).first() != nil {
                throw StoreError.conflict("title")
            }
            let now = Date().storedSeconds
            try await db.raw(
                """
                INSERT INTO collections (id, user_id, title, description, private, created_at, updated_at) \
                VALUES (\(bind: id), \(bind: ownerID), \(bind: title), \(bind: description), \(bind: isPrivate), \
                \(bind: now), \(bind: now))
                """
            ).run()
            try await db.raw("UPDATE users SET total_collections = total_collections + 1 WHERE id = \(bind: ownerID)")
                .run()
            return try await ownedCollection(id, ownerID: ownerID, on: db)
        }
    }

    /// Changes the owner's album and returns it as it now is. Throws `.notFound("Collection")`, `.notOwner`, or
    /// `.conflict("title")` for a title the owner already uses.
    public func updateCollection(_ id: String, by ownerID: String, _ changes: CollectionChanges) async throws
        -> CollectionRecord
    {
        try await database.transaction { db in
            _ = try await ownedCollection(id, ownerID: ownerID, on: db)
            var sets: [SQLQueryString] = ["updated_at = \(bind: Date().storedSeconds)"]
            if let title = changes.title {
                if try await db.raw(
                    """
                    SELECT id FROM collections WHERE user_id = \(bind: ownerID) AND id <> \(bind: id) \
                    AND title = \(bind: title)
                    """
                ).first() != nil {
                    throw StoreError.conflict("title")
                }
                sets.append("title = \(bind: title)")
            }
            if let description = changes.description {
                sets.append("description = \(bind: description.isEmpty ? nil : description)")
            }
            if let isPrivate = changes.isPrivate { sets.append("private = \(bind: isPrivate)") }
            try await db.raw("UPDATE collections SET \(sets.joined(separator: ", ")) WHERE id = \(bind: id)").run()
            return try await ownedCollection(id, ownerID: ownerID, on: db)
        }
    }

    /// Deletes the owner's album (its photos stay in the library). Throws `.notFound("Collection")` or `.notOwner`.
    public func deleteCollection(_ id: String, by ownerID: String) async throws {
        try await database.transaction { db in
            _ = try await ownedCollection(id, ownerID: ownerID, on: db)
            try await db.raw("UPDATE users SET total_collections = total_collections - 1 WHERE id = \(bind: ownerID)")
                .run()
            try await db.raw("DELETE FROM collections WHERE id = \(bind: id)").run()
        }
    }

    /// Adds a photo (by id or slug) to the owner's album — adding it twice changes nothing — and returns both as the
    /// owner now sees them. Throws `.notFound("Collection")`, `.notOwner` or `.notFound("Photo")`.
    public func addPhoto(_ idOrSlug: String, toCollection collectionID: String, by ownerID: String) async throws
        -> CollectionMembership
    {
        try await changeMembership(idOrSlug, collectionID, ownerID: ownerID) { photoID, db in
            try await addPhoto(photoID, toCollection: collectionID, at: Date().storedSeconds, on: db)
        }
    }

    /// Takes a photo (by id or slug) out of the owner's album; the cover moves to the oldest remaining photo.
    /// Throws `.notFound("Collection")`, `.notOwner` or `.notFound("Photo")`.
    public func removePhoto(_ idOrSlug: String, fromCollection collectionID: String, by ownerID: String) async throws
        -> CollectionMembership
    {
        try await changeMembership(idOrSlug, collectionID, ownerID: ownerID) { photoID, db in
            let deleted = try await db.raw(
                """
                DELETE FROM collection_photos WHERE collection_id = \(bind: collectionID) AND photo_id = \(bind: photoID) \
                RETURNING photo_id
                """
            ).first()
            guard deleted != nil else { return }
            try await db.raw(
                """
                UPDATE collections SET total_photos = total_photos - 1, updated_at = \(bind: Date().storedSeconds), \
                cover_photo_id = CASE WHEN cover_photo_id = \(bind: photoID) THEN (SELECT cp.photo_id FROM \
                collection_photos cp WHERE cp.collection_id = \(bind: collectionID) ORDER BY cp.added_at ASC LIMIT 1) \
                ELSE cover_photo_id END WHERE id = \(bind: collectionID)
                """
            ).run()
        }
    }

    private func changeMembership(
        _ idOrSlug: String, _ collectionID: String, ownerID: String,
        _ change: @Sendable (String, any SQLDatabase) async throws -> Void
    ) async throws -> CollectionMembership {
        try await database.transaction { db in
            _ = try await ownedCollection(collectionID, ownerID: ownerID, on: db)
            guard
                let photo = try await photos(
                    """
                    SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                    WHERE p.id = \(bind: idOrSlug) OR p.slug = \(bind: idOrSlug)
                    """,
                    viewerID: ownerID, on: db
                ).first
            else { throw StoreError.notFound("Photo") }
            try await change(photo.id, db)
            return CollectionMembership(
                photo: photo, collection: try await ownedCollection(collectionID, ownerID: ownerID, on: db))
        }
    }
}
