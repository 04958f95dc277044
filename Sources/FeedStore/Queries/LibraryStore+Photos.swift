import FeedModels
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
            let total =
                conditions.isEmpty
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

    /// The photos of one user (by username, ignoring case), in `order`; with `orientation`, only those of it.
    /// Throws `.notFound("User")` for an unknown username.
    public func photos(
        ofUsername username: String, order: PhotoOrder, orientation: PhotoOrientation? = nil, page: PageRequest,
        viewerID: String? = nil
    ) async throws -> Page<PhotoRecord> {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { throw StoreError.notFound("User") }
            let condition: SQLQueryString = orientation.map { " AND p.orientation = \(bind: $0.rawValue)" } ?? ""
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                WHERE p.user_id = \(bind: user.id)\(condition) \
                ORDER BY \(unsafeRaw: order.sql) LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            let total =
                orientation == nil
                ? user.totalPhotos
                : try await count(
                    "SELECT COUNT(*) AS n FROM photos p WHERE p.user_id = \(bind: user.id)\(condition)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// Photos in full: with their views (counted per day) and the topics they are in, read for all at once.
    func inFull(_ records: [PhotoRecord], on db: any SQLDatabase) async throws -> [PhotoRecord] {
        guard !records.isEmpty else { return records }
        let ids = records.map(\.id)
        var views: [String: Int] = [:]
        for row in try await db.raw(
            """
            SELECT photo_id, CAST(SUM(views) AS BIGINT) AS n FROM photo_statistics WHERE photo_id IN (\(binds: ids)) GROUP BY photo_id
            """
        ).all() {
            views[try row.decode(column: "photo_id", as: String.self)] = try row.decode(column: "n", as: Int.self)
        }
        var topics: [String: [TopicReference]] = [:]
        for row in try await db.raw(
            """
            SELECT p.id AS photo_id, t.id, t.slug, t.title, t.featured FROM topics t \
            JOIN photos p ON p.id IN (\(binds: ids)) WHERE \(Self.inTopic(where: "= t.id")) ORDER BY t.position, t.title
            """
        ).all() {
            topics[try row.decode(column: "photo_id", as: String.self), default: []].append(
                TopicReference(
                    id: try row.decode(column: "id", as: String.self),
                    slug: try row.decode(column: "slug", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    featured: try row.decode(column: "featured", as: Bool.self)
                ))
        }
        return records.map { record in
            var record = record
            record.views = views[record.id] ?? 0
            record.topics = topics[record.id] ?? []
            return record
        }
    }

    /// A photo by its id or its slug, in full: with its views (counted per day) and the topics it is in.
    public func photo(idOrSlug: String, viewerID: String? = nil) async throws -> PhotoRecord? {
        try await database.read { db in
            guard
                let record = try await photos(
                    """
                    SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                    WHERE p.id = \(bind: idOrSlug) OR p.slug = \(bind: idOrSlug)
                    """,
                    viewerID: viewerID, on: db
                ).first
            else { return nil }
            return try await inFull([record], on: db)[0]
        }
    }

    func photo(id: String, viewerID: String?, on db: any SQLDatabase) async throws -> PhotoRecord? {
        try await photos(
            "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.id = \(bind: id)",
            viewerID: viewerID, on: db
        ).first
    }

    /// Up to `count` different photos, chosen at random among those matching `filter`.
    public func randomPhotos(count: Int, filter: RandomFilter, viewerID: String? = nil) async throws -> [PhotoRecord] {
        try await database.read { [database] db in
            var conditions: [SQLQueryString] = []
            if let username = filter.username { conditions.append("lower(u.username) = lower(\(bind: username))") }
            if let orientation = filter.orientation {
                conditions.append("p.orientation = \(bind: orientation.rawValue)")
            }
            if !filter.collectionIDs.isEmpty {
                conditions.append(
                    """
                    p.id IN (SELECT photo_id FROM collection_photos \
                    WHERE collection_id IN (\(binds: filter.collectionIDs)))
                    """
                )
            }
            if !filter.topics.isEmpty {
                let topicIDs = try await db.raw(
                    "SELECT id FROM topics WHERE id IN (\(binds: filter.topics)) OR slug IN (\(binds: filter.topics))"
                ).all().map { try $0.decode(column: "id", as: String.self) }
                guard !topicIDs.isEmpty else { throw StoreError.notFound("Topic") }
                conditions.append(Self.inTopics(topicIDs))
            }
            if let text = filter.text {
                guard let match = SearchText(text).condition(kind: database.kind) else { return [] }
                conditions.append(match)
            }
            let whereClause: SQLQueryString =
                conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let random = database.kind == .sqlite ? "RANDOM()" : "random()"
            let picked = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from)\(whereClause) \
                ORDER BY \(unsafeRaw: random) LIMIT \(literal: count)
                """,
                viewerID: viewerID, on: db
            )
            let found = try await inFull(picked, on: db)
            // Nothing found for a username: say whether the user is unknown or just has no such photos.
            if found.isEmpty, let username = filter.username,
                try await db.raw(
                    "SELECT id FROM users WHERE lower(username) = lower(\(bind: username))"
                ).first() == nil
            {
                throw StoreError.notFound("User")
            }
            return found
        }
    }

    /// Counts a download of the photo (by id or slug), in its total and its day, and returns what serving it needs;
    /// nil when there is no such photo. One transaction of two statements.
    public func recordDownload(idOrSlug: String, at date: Date = Date()) async throws -> ImageSource? {
        try await database.transaction { db in
            guard
                let source = try await db.raw(
                    """
                    UPDATE photos SET downloads = downloads + 1 WHERE id = \(bind: idOrSlug) OR slug = \(bind: idOrSlug) \
                    RETURNING \(unsafeRaw: Self.imageSourceColumns)
                    """
                ).first().map(Self.decodeImageSource)
            else { return nil }
            try await countStatistic(.downloads, photoID: source.photoID, at: date, on: db)
            return source
        }
    }

    /// What serving the photo's image needs (by id or slug), from the photos table alone; nil when there is no such
    /// photo.
    public func imageSource(idOrSlug: String) async throws -> ImageSource? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.imageSourceColumns) FROM photos \
                WHERE id = \(bind: idOrSlug) OR slug = \(bind: idOrSlug)
                """
            ).first().map(Self.decodeImageSource)
        }
    }

    static let imageSourceColumns =
        "id, slug, width, height, sha256, format, (SELECT hotlink FROM source_photos s WHERE s.photo_id = photos.id LIMIT 1) AS hotlink"

    static func decodeImageSource(_ row: any SQLRow) throws -> ImageSource {
        ImageSource(
            photoID: try row.decode(column: "id", as: String.self),
            slug: try row.decode(column: "slug", as: String.self),
            width: try row.decode(column: "width", as: Int.self),
            height: try row.decode(column: "height", as: Int.self),
            original: StoredOriginal(
                sha256: try row.decode(column: "sha256", as: String.self),
                format: try row.decode(column: "format", as: String.self)
            ),
            hotlink: try row.decode(column: "hotlink", as: String?.self).flatMap(JSONColumn.decode)
        )
    }

    /// The number of photos in the library.
    public func photoCount() async throws -> Int {
        try await database.read { db in try await libraryPhotoCount(on: db) }
    }

    func count(_ query: SQLQueryString, on db: any SQLDatabase) async throws -> Int {
        try await db.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
