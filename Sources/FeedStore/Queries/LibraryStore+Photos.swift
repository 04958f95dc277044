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

    /// The condition selecting what comes after `cursor` in this order (keyset pagination: an index seek at any
    /// depth, where OFFSET walks every row before the page).
    func after(_ cursor: FeedCursor) -> SQLQueryString {
        switch self {
        case .latest: "(p.created_at, p.id) < (\(bind: cursor.createdAt), \(bind: cursor.id))"
        case .oldest: "(p.created_at, p.id) > (\(bind: cursor.createdAt), \(bind: cursor.id))"
        case .popular:
            "(p.likes, p.created_at, p.id) < (\(bind: cursor.likes), \(bind: cursor.createdAt), \(bind: cursor.id))"
        }
    }
}

/// Where a page of the feed ended: the sort key of its last photo. Opaque to clients (`Link` carries it).
public struct FeedCursor: Sendable, Hashable {
    public var createdAt: Int64
    public var likes: Int
    public var id: String

    /// The cursor after `photo`.
    public init(after photo: PhotoRecord) {
        self.createdAt = photo.createdAt.storedSeconds
        self.likes = photo.likes
        self.id = photo.id
    }

    /// Parses the text form, `created.likes.id`; nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3, let createdAt = Int64(parts[0]), let likes = Int(parts[1]), (0...1_000_000_000).contains(likes),
            parts[2].count == 11, parts[2].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        self.createdAt = createdAt
        self.likes = likes
        self.id = parts[2]
    }

    /// The text form.
    public var text: String { "\(createdAt).\(likes).\(id)" }
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
    /// With a `cursor`, the page is the one after it (keyset) and `page.number` is not used to skip rows.
    public func feed(
        order: PhotoOrder, page: PageRequest, filter: PhotoFilter = PhotoFilter(), cursor: FeedCursor? = nil,
        viewerID: String? = nil
    ) async throws -> Page<PhotoRecord> {
        try await database.read { db in
            let conditions = filter.conditions
            if let near = filter.near {
                return try await nearby(conditions, geo: near, page: page, viewerID: viewerID, on: db)
            }
            let filterClause: SQLQueryString =
                conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let pageConditions = conditions + (cursor.map { [order.after($0)] } ?? [])
            let pageClause: SQLQueryString =
                pageConditions.isEmpty ? "" : " WHERE " + pageConditions.joined(separator: " AND ")
            let offset = cursor == nil ? page.offset : 0
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from)\(pageClause) \
                ORDER BY \(unsafeRaw: order.sql) LIMIT \(literal: page.size) OFFSET \(literal: offset)
                """,
                viewerID: viewerID, on: db
            )
            let total = conditions.isEmpty
                ? try await libraryPhotoCount(on: db)
                : try await count("SELECT COUNT(*) AS n FROM photos p\(filterClause)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// The library's generation: a number that grows with every committed change to photos, tags, albums, likes
    /// or users, by any process sharing the database.
    public func libraryGeneration() async throws -> Int64 {
        try await database.read { db in
            try await db.raw("SELECT value FROM library_stats WHERE name = 'generation'").first()?
                .decode(column: "value", as: Int64.self) ?? 0
        }
    }

    func libraryPhotoCount(on db: any SQLDatabase) async throws -> Int {
        try await db.raw("SELECT value FROM library_stats WHERE name = 'photos'").first()?
            .decode(column: "value", as: Int.self) ?? 0
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
        try await database.read { db in try await libraryPhotoCount(on: db) }
    }

    func count(_ query: SQLQueryString, on db: any SQLDatabase) async throws -> Int {
        try await db.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
