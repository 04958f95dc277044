import Foundation
import SQLKit

extension LibraryStore {
    /// The newest `limit` photos of each group in `keys` (album ids or user ids), newest first, in one statement.
    func newestPhotos(_ group: PreviewGroup, in keys: [String], limit: Int, on db: any SQLDatabase) async throws
        -> [String: [PhotoPreview]]
    {
        guard !keys.isEmpty else { return [:] }
        let (from, key, order) = group.sql
        let rows = try await db.raw(
            """
            SELECT group_key, id, created_at, updated_at, blur_hash FROM (\
            SELECT \(unsafeRaw: key) AS group_key, p.id, p.created_at, p.updated_at, p.blur_hash, \
            ROW_NUMBER() OVER (PARTITION BY \(unsafeRaw: key) ORDER BY \(unsafeRaw: order) DESC, p.id DESC) AS n \
            FROM \(unsafeRaw: from) WHERE \(unsafeRaw: key) IN (\(binds: keys))) ranked \
            WHERE n <= \(literal: limit) ORDER BY group_key, n
            """
        ).all()
        var previews: [String: [PhotoPreview]] = [:]
        for row in rows {
            previews[try row.decode(column: "group_key", as: String.self), default: []].append(try PhotoPreview(row))
        }
        return previews
    }

    /// The five tags most photos of each album carry, most frequent first (ties alphabetical).
    func collectionTags(_ albumIDs: [String], on db: any SQLDatabase) async throws -> [String: [String]] {
        guard !albumIDs.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT cp.collection_id, pt.tag, COUNT(*) AS n FROM collection_photos cp \
            JOIN photo_tags pt ON pt.photo_id = cp.photo_id WHERE cp.collection_id IN (\(binds: albumIDs)) \
            GROUP BY cp.collection_id, pt.tag
            """
        ).all()
        var counts: [String: [(tag: String, count: Int)]] = [:]
        for row in rows {
            counts[try row.decode(column: "collection_id", as: String.self), default: []].append(
                (try row.decode(column: "tag", as: String.self), try row.decode(column: "n", as: Int.self))
            )
        }
        return counts.mapValues { tags in
            tags.sorted { $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag }.prefix(5).map(\.tag)
        }
    }
}

extension PhotoPreview {
    /// The preview in a row with the columns `id`, `created_at`, `updated_at` and `blur_hash`.
    init(_ row: any SQLRow) throws {
        self.init(
            id: try row.decode(column: "id", as: String.self),
            createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(storedSeconds: try row.decode(column: "updated_at", as: Int64.self)),
            blurHash: try row.decode(column: "blur_hash", as: String?.self)
        )
    }
}
