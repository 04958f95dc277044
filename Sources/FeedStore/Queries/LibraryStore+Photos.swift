import Foundation
import SQLKit

extension PhotoOrder {
    /// ORDER BY for this order. Every order ends on the id so that page boundaries are stable.
    var sql: String {
        switch self {
        case .latest: "p.created_at DESC, p.id DESC"
        case .oldest: "p.created_at ASC, p.id ASC"
        case .popular: "p.likes DESC, p.created_at DESC, p.id DESC"
        }
    }
}

/// Filters of `/photos/random`.
public struct RandomFilter: Sendable, Hashable {
    public var ownerID: String?
    public var collectionIDs: [String]
    public var text: String?
    public var orientation: Orientation?

    public init(ownerID: String? = nil, collectionIDs: [String] = [], text: String? = nil, orientation: Orientation? = nil) {
        self.ownerID = ownerID
        self.collectionIDs = collectionIDs
        self.text = text
        self.orientation = orientation
    }
}

extension LibraryStore {
    /// One page of the editorial feed: every photo matching `filter`, in `order` (nearest first when the filter
    /// has a place).
    public func feed(
        order: PhotoOrder, page: PageRequest, filter: PhotoFilter = PhotoFilter(), viewerID: String? = nil
    ) async throws -> Page<PhotoRecord> {
        try await database.read { db in
            let conditions = filter.conditions
            if let near = filter.near {
                return try await nearby(conditions, geo: near, page: page, viewerID: viewerID, on: db)
            }
            let whereClause: SQLQueryString =
                conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from)\(whereClause) \
                ORDER BY \(unsafeRaw: order.sql) LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total = try await count("SELECT COUNT(*) AS n FROM photos p\(whereClause)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// The photos of one user, in `order`.
    public func photos(
        ofUser userID: String, order: PhotoOrder, page: PageRequest, viewerID: String? = nil
    ) async throws -> Page<PhotoRecord> {
        try await database.read { db in
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                WHERE p.user_id = \(bind: userID) \
                ORDER BY \(unsafeRaw: order.sql) LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total = try await count("SELECT COUNT(*) AS n FROM photos WHERE user_id = \(bind: userID)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// A photo by its id or its slug.
    public func photo(idOrSlug: String, viewerID: String? = nil) async throws -> PhotoRecord? {
        try await database.read { db in
            try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                WHERE p.id = \(bind: idOrSlug) OR p.slug = \(bind: idOrSlug)
                """,
                viewerID: viewerID, on: db
            ).first
        }
    }

    /// Up to `count` different photos, chosen at random among those matching `filter`.
    public func randomPhotos(count: Int, filter: RandomFilter, viewerID: String? = nil) async throws -> [PhotoRecord] {
        try await database.read { [database] db in
            var conditions: [SQLQueryString] = []
            if let ownerID = filter.ownerID { conditions.append("p.user_id = \(bind: ownerID)") }
            if let orientation = filter.orientation { conditions.append("p.orientation = \(bind: orientation.rawValue)") }
            if !filter.collectionIDs.isEmpty {
                conditions.append(
                    """
                    p.id IN (SELECT photo_id FROM collection_photos \
                    WHERE collection_id IN (\(binds: filter.collectionIDs)))
                    """
                )
            }
            if let text = filter.text {
                guard let match = SearchText(text).condition(kind: database.kind) else { return [] }
                conditions.append(match)
            }
            let whereClause: SQLQueryString =
                conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let random = database.kind == .sqlite ? "RANDOM()" : "random()"
            return try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from)\(whereClause) \
                ORDER BY \(unsafeRaw: random) LIMIT \(literal: count)
                """,
                viewerID: viewerID, on: db
            )
        }
    }

    /// Counts a download of the photo; false when there is no such photo.
    public func recordDownload(photoID: String) async throws -> Bool {
        try await database.transaction { db in
            let row = try await db.raw(
                "UPDATE photos SET downloads = downloads + 1 WHERE id = \(bind: photoID) RETURNING downloads"
            ).first()
            return row != nil
        }
    }

    /// The number of photos in the library.
    public func photoCount() async throws -> Int {
        try await database.read { db in try await count("SELECT COUNT(*) AS n FROM photos", on: db) }
    }

    func count(_ query: SQLQueryString, on db: any SQLDatabase) async throws -> Int {
        try await db.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
