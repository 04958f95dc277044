import Foundation
import SQLKit

extension LibraryStore {
    /// `%text%` for LIKE, lowercased, with LIKE's own characters escaped (`ESCAPE '\'`).
    static func containsPattern(_ text: String) -> String {
        "%"
            + text.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
    }

    /// People whose username or name contains `text` (ignoring case), those with the most photos first.
    public func searchUsers(_ text: String, page: PageRequest) async throws -> Page<UserRecord> {
        try await database.read { db in
            let pattern = Self.containsPattern(text)
            let condition: SQLQueryString = """
                lower(u.username) LIKE \(bind: pattern) ESCAPE '\\' \
                OR lower(u.first_name || ' ' || COALESCE(u.last_name, '')) LIKE \(bind: pattern) ESCAPE '\\'
                """
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u WHERE \(condition) \
                ORDER BY u.total_photos DESC, lower(u.username) ASC LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map { try UserColumns.decode($0) }
            let total = try await count("SELECT COUNT(*) AS n FROM users u WHERE \(condition)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// Public albums whose title or description contains `text`, or whose photos carry it as a tag (ignoring case),
    /// the largest first, with their covers and previews.
    public func searchCollections(_ text: String, page: PageRequest, viewerID: String? = nil) async throws
        -> Page<CollectionRecord>
    {
        try await database.read { db in
            let pattern = Self.containsPattern(text)
            let tag = text.trimmingCharacters(in: .whitespaces).lowercased()
            let condition: SQLQueryString = """
                c.private = \(false) AND (lower(c.title) LIKE \(bind: pattern) ESCAPE '\\' \
                OR lower(COALESCE(c.description, '')) LIKE \(bind: pattern) ESCAPE '\\' \
                OR c.id IN (SELECT cp.collection_id FROM collection_photos cp JOIN photo_tags pt ON pt.photo_id = cp.photo_id \
                WHERE pt.tag = \(bind: tag)))
                """
            let items = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE \(condition) ORDER BY c.total_photos DESC, c.created_at DESC, c.id DESC \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all().map(Self.decodeCollection)
            let total = try await count("SELECT COUNT(*) AS n FROM collections c WHERE \(condition)", on: db)
            return Page(items: try await withCovers(items, viewerID: viewerID, on: db), total: total)
        }
    }

    /// Public albums related to one (by id): those sharing photos with it first (each shared photo counts as ten
    /// shared tags), then those whose photos share its tags; at most `limit`. `.notFound("Collection")` when the
    /// album does not exist or is someone else's private album.
    public func relatedCollections(to id: String, ownerID: String?, limit: Int = 10, viewerID: String? = nil)
        async throws -> [CollectionRecord]
    {
        try await database.read { db in
            guard try await visibleCollection(id, ownerID: ownerID, on: db) != nil else {
                throw StoreError.notFound("Collection")
            }
            let sharedPhotos = try await db.raw(
                """
                SELECT other.collection_id AS id, COUNT(*) AS n FROM collection_photos mine \
                JOIN collection_photos other ON other.photo_id = mine.photo_id \
                WHERE mine.collection_id = \(bind: id) AND other.collection_id <> \(bind: id) GROUP BY other.collection_id
                """
            ).all()
            let sharedTags = try await db.raw(
                """
                SELECT cp.collection_id AS id, COUNT(*) AS n FROM collection_photos cp \
                JOIN photo_tags pt ON pt.photo_id = cp.photo_id \
                WHERE cp.collection_id <> \(bind: id) AND pt.tag IN (SELECT DISTINCT pt2.tag FROM collection_photos cp2 \
                JOIN photo_tags pt2 ON pt2.photo_id = cp2.photo_id WHERE cp2.collection_id = \(bind: id)) \
                GROUP BY cp.collection_id
                """
            ).all()
            var score: [String: Int] = [:]
            for row in sharedPhotos {
                score[try row.decode(column: "id", as: String.self), default: 0] +=
                    10 * (try row.decode(column: "n", as: Int.self))
            }
            for row in sharedTags {
                score[try row.decode(column: "id", as: String.self), default: 0] += try row.decode(
                    column: "n", as: Int.self)
            }
            guard !score.isEmpty else { return [] }
            let albums = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.id IN (\(binds: Array(score.keys))) AND c.private = \(false)
                """
            ).all().map(Self.decodeCollection)
            let ranked = albums.sorted {
                score[$0.id]! != score[$1.id]! ? score[$0.id]! > score[$1.id]! : $0.id < $1.id
            }
            return try await withCovers(Array(ranked.prefix(limit)), viewerID: viewerID, on: db)
        }
    }
}
