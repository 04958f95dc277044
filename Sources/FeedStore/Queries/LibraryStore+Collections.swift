import Foundation
import SQLKit

extension LibraryStore {
    static let collectionSelect = """
        c.id, c.title, c.description, c.private, c.cover_photo_id, c.total_photos, c.created_at, c.updated_at, \
        c.last_collected_at, \(UserColumns.select(table: "u", prefix: "owner_"))
        """

    static func decodeCollection(_ row: any SQLRow) throws -> CollectionRecord {
        CollectionRecord(
            id: try row.decode(column: "id", as: String.self),
            owner: try UserColumns.decode(row, prefix: "owner_"),
            title: try row.decode(column: "title", as: String.self),
            description: try row.decode(column: "description", as: String?.self),
            isPrivate: try row.decode(column: "private", as: Bool.self),
            coverPhotoID: try row.decode(column: "cover_photo_id", as: String?.self),
            totalPhotos: try row.decode(column: "total_photos", as: Int.self),
            createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(storedSeconds: try row.decode(column: "updated_at", as: Int64.self)),
            lastCollectedAt: try row.decode(column: "last_collected_at", as: Int64?.self).map(Date.init(storedSeconds:))
        )
    }

    /// The id of the user's album with this title, created when missing.
    public func ensureCollection(ownerID: String, title: String) async throws -> String {
        try await database.transaction { db in
            let now = Date().storedSeconds
            let inserted = try await db.raw(
                """
                INSERT INTO collections (id, user_id, title, created_at, updated_at) \
                VALUES (\(bind: Identifier.make()), \(bind: ownerID), \(bind: title), \(bind: now), \(bind: now)) \
                ON CONFLICT DO NOTHING RETURNING id
                """
            ).first()
            if inserted != nil {
                try await db.raw(
                    "UPDATE users SET total_collections = total_collections + 1 WHERE id = \(bind: ownerID)"
                ).run()
            }
            let row = try await db.raw(
                "SELECT id FROM collections WHERE user_id = \(bind: ownerID) AND title = \(bind: title)"
            ).first()
            guard let id = try row?.decode(column: "id", as: String.self) else {
                throw StoreError.notFound("The album \(title) could not be created.")
            }
            return id
        }
    }

    /// Public albums, newest first.
    public func collections(page: PageRequest) async throws -> Page<CollectionRecord> {
        try await database.read { db in
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.private = \(false) ORDER BY c.created_at DESC, c.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map(Self.decodeCollection)
            let total = try await count("SELECT COUNT(*) AS n FROM collections WHERE private = \(false)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// A user's albums, newest first; private ones only when the viewer is the owner.
    public func collections(ofUser userID: String, page: PageRequest, viewerID: String? = nil)
        async throws -> Page<CollectionRecord>
    {
        let includePrivate = viewerID == userID
        return try await database.read { db in
            let visibility: SQLQueryString = includePrivate ? "" : " AND c.private = \(false)"
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.user_id = \(bind: userID)\(visibility) ORDER BY c.created_at DESC, c.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map(Self.decodeCollection)
            let total = try await count(
                "SELECT COUNT(*) AS n FROM collections c WHERE c.user_id = \(bind: userID)\(visibility)", on: db
            )
            return Page(items: items, total: total)
        }
    }

    /// An album by id; a private one only for its owner.
    public func collection(id: String, viewerID: String? = nil) async throws -> CollectionRecord? {
        let record = try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.id = \(bind: id)
                """
            ).first().map(Self.decodeCollection)
        }
        guard let record, !record.isPrivate || record.owner.id == viewerID else { return nil }
        return record
    }

    /// The photos of an album, most recently added first.
    public func photos(inCollection collectionID: String, page: PageRequest, viewerID: String? = nil)
        async throws -> Page<PhotoRecord>
    {
        try await database.read { db in
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM collection_photos cp \
                JOIN photos p ON p.id = cp.photo_id JOIN users u ON u.id = p.user_id \
                WHERE cp.collection_id = \(bind: collectionID) ORDER BY cp.added_at DESC, p.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total = try await count(
                "SELECT COUNT(*) AS n FROM collection_photos WHERE collection_id = \(bind: collectionID)", on: db
            )
            return Page(items: items, total: total)
        }
    }

    /// Photos by id, in the order asked, skipping unknown ids.
    public func photos(ids: [String], viewerID: String? = nil) async throws -> [PhotoRecord] {
        guard !ids.isEmpty else { return [] }
        let found = try await database.read { db in
            try await photos(
                "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.id IN (\(binds: ids))",
                viewerID: viewerID, on: db
            )
        }
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}
