import Foundation
import SQLKit

extension LibraryStore {
    static let collectionSelect = """
        c.id, c.title, c.description, c.private, c.cover_photo_id, c.total_photos, c.created_at, c.updated_at, \
        c.last_collected_at, c.number, \(UserColumns.select(table: "u", prefix: "owner_"))
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
            lastCollectedAt: try row.decode(column: "last_collected_at", as: Int64?.self).map(
                Date.init(storedSeconds:)),
            number: try row.decode(column: "number", as: Int64.self)
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

    /// Public albums, newest first, with their covers.
    public func collections(page: PageRequest, viewerID: String? = nil) async throws -> Page<CollectionRecord> {
        try await database.read { db in
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.private = \(false) ORDER BY c.created_at DESC, c.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map(Self.decodeCollection)
            let total = try await count("SELECT COUNT(*) AS n FROM collections WHERE private = \(false)", on: db)
            return Page(items: try await withCovers(items, viewerID: viewerID, on: db), total: total)
        }
    }

    /// A user's albums (by username), newest first, with their covers; private ones only when the viewer is the
    /// owner. Throws `.notFound("User")` for an unknown username.
    public func collections(ofUsername username: String, page: PageRequest, viewerID: String? = nil)
        async throws -> Page<CollectionRecord>
    {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { throw StoreError.notFound("User") }
            let visibility: SQLQueryString = viewerID == user.id ? "" : " AND c.private = \(false)"
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.user_id = \(bind: user.id)\(visibility) ORDER BY c.created_at DESC, c.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map(Self.decodeCollection)
            let total = try await count(
                "SELECT COUNT(*) AS n FROM collections c WHERE c.user_id = \(bind: user.id)\(visibility)", on: db
            )
            return Page(items: try await withCovers(items, viewerID: viewerID, on: db), total: total)
        }
    }

    /// An album by id, with its cover; a private one only for its owner (`ownerID`, the person who may see private
    /// albums). `likesViewerID` is whose likes the cover shows. Throws `.notFound("Collection")`.
    public func collection(id: String, ownerID: String?, likesViewerID: String?) async throws -> CollectionRecord {
        try await database.read { db in
            guard let record = try await visibleCollection(id, ownerID: ownerID, on: db) else {
                throw StoreError.notFound("Collection")
            }
            return try await withCovers([record], viewerID: likesViewerID, on: db)[0]
        }
    }

    /// The photos of an album, most recently added first; with `matching`, only those whose title or description
    /// contains it (case-insensitive). A private album only for its owner: `.notFound("Collection")` otherwise.
    public func photos(
        inCollection collectionID: String, matching text: String? = nil, page: PageRequest, ownerID: String?,
        viewerID: String?
    ) async throws -> Page<PhotoRecord> {
        try await database.read { db in
            guard try await visibleCollection(collectionID, ownerID: ownerID, on: db) != nil else {
                throw StoreError.notFound("Collection")
            }
            var condition: SQLQueryString = ""
            let filtered = text.map { !$0.isEmpty } ?? false
            if let text, filtered {
                let pattern = Self.containsPattern(text)
                condition = """
                     AND (lower(COALESCE(p.description, '')) LIKE \(bind: pattern) ESCAPE '\\' \
                    OR lower(COALESCE(p.alt_description, '')) LIKE \(bind: pattern) ESCAPE '\\')
                    """
            }
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM collection_photos cp \
                JOIN photos p ON p.id = cp.photo_id JOIN users u ON u.id = p.user_id \
                WHERE cp.collection_id = \(bind: collectionID)\(condition) ORDER BY cp.added_at DESC, p.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total =
                !filtered
                ? try await count(
                    "SELECT COUNT(*) AS n FROM collection_photos WHERE collection_id = \(bind: collectionID)", on: db)
                : try await count(
                    """
                    SELECT COUNT(*) AS n FROM collection_photos cp JOIN photos p ON p.id = cp.photo_id \
                    WHERE cp.collection_id = \(bind: collectionID)\(condition)
                    """,
                    on: db
                )
            return Page(items: items, total: total)
        }
    }

    /// The album when `ownerID` may see it (public, or theirs); nil otherwise.
    func visibleCollection(_ id: String, ownerID: String?, on db: any SQLDatabase) async throws -> CollectionRecord? {
        let record = try await db.raw(
            """
            SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
            WHERE c.id = \(bind: id)
            """
        ).first().map(Self.decodeCollection)
        guard let record, !record.isPrivate || record.owner.id == ownerID else { return nil }
        return record
    }

    /// The album with its cover when `ownerID` owns it: `.notFound("Collection")` when it does not exist or is
    /// someone else's private album, `.notOwner` when it is someone else's public one.
    func ownedCollection(_ id: String, ownerID: String, on db: any SQLDatabase) async throws -> CollectionRecord {
        guard let record = try await visibleCollection(id, ownerID: ownerID, on: db) else {
            throw StoreError.notFound("Collection")
        }
        guard record.owner.id == ownerID else { throw StoreError.notOwner("albums") }
        return try await withCovers([record], viewerID: ownerID, on: db)[0]
    }

    /// The albums with their cover photos (one statement, plus the covers' tags and likes), their newest photos
    /// and their most frequent tags (one statement each, for all the albums).
    func withCovers(_ records: [CollectionRecord], viewerID: String?, on db: any SQLDatabase) async throws
        -> [CollectionRecord]
    {
        guard !records.isEmpty else { return records }
        let byID = try await photosByID(records.compactMap(\.coverPhotoID), viewerID: viewerID, on: db)
        let albumIDs = records.map(\.id)
        let previews = try await newestPhotos(.album, in: albumIDs, limit: 4, on: db)
        let tags = try await collectionTags(albumIDs, on: db)
        return records.map { record in
            var record = record
            record.coverPhoto = record.coverPhotoID.flatMap { byID[$0] }
            record.previewPhotos = previews[record.id] ?? []
            record.tags = tags[record.id] ?? []
            return record
        }
    }

    /// Photos by id, for covers: one statement (plus the photos' tags and likes) for any number of ids.
    func photosByID(_ ids: [String], viewerID: String?, on db: any SQLDatabase) async throws -> [String: PhotoRecord] {
        guard !ids.isEmpty else { return [:] }
        let found = try await photos(
            "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.id IN (\(binds: ids))",
            viewerID: viewerID, on: db
        )
        return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
