import Foundation
import SQLKit

/// Changes an owner may make to a photo; nil leaves a field as it is.
public struct PhotoChanges: Sendable, Hashable {
    public var description: String?
    public var altDescription: String?
    public var tags: [String]?
    public var place: Place?

    public init(description: String? = nil, altDescription: String? = nil, tags: [String]? = nil, place: Place? = nil) {
        self.description = description
        self.altDescription = altDescription
        self.tags = tags
        self.place = place
    }
}

/// Changes to an album; nil leaves a field as it is.
public struct CollectionChanges: Sendable, Hashable {
    public var title: String?
    public var description: String?
    public var isPrivate: Bool?

    public init(title: String? = nil, description: String? = nil, isPrivate: Bool? = nil) {
        self.title = title
        self.description = description
        self.isPrivate = isPrivate
    }
}

extension LibraryStore {
    /// Applies an owner's changes to a photo and refreshes its search text.
    public func updatePhoto(id: String, _ changes: PhotoChanges) async throws {
        try await database.transaction { db in
            var sets: [SQLQueryString] = ["updated_at = \(bind: Date().storedSeconds)"]
            if let description = changes.description {
                sets.append("description = \(bind: description.isEmpty ? nil : description)")
            }
            if let alt = changes.altDescription { sets.append("alt_description = \(bind: alt.isEmpty ? nil : alt)") }
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
        }
    }

    func refreshSearchText(photoID: String, on db: any SQLDatabase) async throws {
        guard let row = try await db.raw(
            """
            SELECT p.description, p.alt_description, p.location_name, p.location_city, p.location_country, \
            p.exif_make, p.exif_model, u.username, u.first_name, u.last_name \
            FROM photos p JOIN users u ON u.id = p.user_id WHERE p.id = \(bind: photoID)
            """
        ).first() else { return }
        var words: [String] = []
        for column in ["description", "alt_description", "location_name", "location_city", "location_country",
                       "exif_make", "exif_model", "username", "first_name", "last_name"] {
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

    /// Deletes a photo row with its tags, likes and album entries, keeping every counter exact. Returns the
    /// deleted photo (for its files), or nil when there was none.
    public func deletePhoto(id: String) async throws -> PhotoRecord? {
        guard let record = try await photo(idOrSlug: id), record.id == id else { return nil }
        try await database.transaction { db in
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
            try await db.raw("UPDATE users SET total_photos = total_photos - 1 WHERE id = \(bind: record.owner.id)").run()
            try await db.raw("DELETE FROM photo_search WHERE photo_id = \(bind: id)").run()
            try await db.raw("DELETE FROM photos WHERE id = \(bind: id)").run()
            try await db.raw("UPDATE library_stats SET value = value - 1 WHERE name = 'photos'").run()
            try await Self.pickMissingCovers(on: db)
        }
        return record
    }

    /// Creates an album; a title the owner already uses is a conflict.
    public func createCollection(ownerID: String, title: String, description: String?, isPrivate: Bool)
        async throws -> CollectionRecord
    {
        let id = Identifier.make()
        try await database.transaction { db in
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
        }
        guard let record = try await collection(id: id, viewerID: ownerID) else { throw StoreError.notFound("Collection") }
        return record
    }

    /// Changes an album.
    public func updateCollection(id: String, _ changes: CollectionChanges) async throws {
        try await database.transaction { db in
            var sets: [SQLQueryString] = ["updated_at = \(bind: Date().storedSeconds)"]
            if let title = changes.title {
                if try await db.raw(
                    """
                    SELECT c2.id FROM collections c1 JOIN collections c2 ON c2.user_id = c1.user_id \
                    WHERE c1.id = \(bind: id) AND c2.id <> \(bind: id) AND c2.title = \(bind: title)
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
        }
    }

    /// Deletes an album (its photos stay in the library).
    public func deleteCollection(id: String) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE users SET total_collections = total_collections - 1 \
                WHERE id = (SELECT user_id FROM collections WHERE id = \(bind: id))
                """
            ).run()
            try await db.raw("DELETE FROM collections WHERE id = \(bind: id)").run()
        }
    }

    /// Adds a photo to an album; adding it twice changes nothing.
    public func addPhoto(_ photoID: String, toCollection collectionID: String) async throws {
        try await database.transaction { db in
            try await addPhoto(photoID, toCollection: collectionID, at: Date().storedSeconds, on: db)
        }
    }

    /// Takes a photo out of an album; the cover moves to the oldest remaining photo.
    public func removePhoto(_ photoID: String, fromCollection collectionID: String) async throws {
        try await database.transaction { db in
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

    /// The photos of an album whose title or description contains `text` (case-insensitive), newest added first.
    public func photos(inCollection collectionID: String, matching text: String, page: PageRequest,
                       viewerID: String? = nil) async throws -> Page<PhotoRecord> {
        let pattern = "%" + text.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        let condition: SQLQueryString = """
            (lower(COALESCE(p.description, '')) LIKE \(bind: pattern) ESCAPE '\\' \
            OR lower(COALESCE(p.alt_description, '')) LIKE \(bind: pattern) ESCAPE '\\')
            """
        return try await database.read { db in
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM collection_photos cp \
                JOIN photos p ON p.id = cp.photo_id JOIN users u ON u.id = p.user_id \
                WHERE cp.collection_id = \(bind: collectionID) AND \(condition) ORDER BY cp.added_at DESC, p.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total = try await count(
                """
                SELECT COUNT(*) AS n FROM collection_photos cp JOIN photos p ON p.id = cp.photo_id \
                WHERE cp.collection_id = \(bind: collectionID) AND \(condition)
                """,
                on: db
            )
            return Page(items: items, total: total)
        }
    }
}
