import FeedModels
import Foundation
import SQLKit

extension LibraryStore {
    /// One page of the photos matching `query`, and how many match in all.
    public func catalogPhotos(_ query: CatalogQuery, page: PageRequest, viewerID: String? = nil) async throws
        -> Page<PhotoRecord>
    {
        try await catalogPhotos(query, offset: page.offset, limit: page.size, viewerID: viewerID)
    }

    /// ``catalogPhotos(_:page:viewerID:)`` from any offset (JSONPlaceholder's `_start`).
    public func catalogPhotos(_ query: CatalogQuery, offset: Int, limit: Int, viewerID: String? = nil) async throws
        -> Page<PhotoRecord>
    {
        let page = PageRequest(number: 1, size: max(1, limit))
        return try await database.read { [database] db in
            var conditions = query.conditions(kind: database.kind)
            if let near = query.near {
                if query.order == .distance {
                    let found = try await nearbyMatches(
                        conditions, geo: near, page: PageRequest(number: 1, size: offset + page.size),
                        viewerID: viewerID,
                        on: db
                    ).page
                    return Page(items: Array(found.items.dropFirst(offset)), total: found.total)
                }
                // Inside the circle, in the order asked for: the circle is narrowed to its matches first.
                let inside = try await nearbyMatches(
                    conditions, geo: near, page: PageRequest(number: 1, size: 1), viewerID: nil, on: db
                ).ids
                conditions.append(inside.isEmpty ? "1 = 0" : "p.id IN (\(binds: Array(inside.prefix(10_000))))")
            }
            let whereClause: SQLQueryString =
                conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let items = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from)\(whereClause) \
                ORDER BY \(unsafeRaw: query.orderSQL) LIMIT \(literal: page.size) OFFSET \(literal: max(0, offset))
                """,
                viewerID: viewerID, on: db
            )
            let total =
                conditions.isEmpty
                ? try await libraryPhotoCount(on: db)
                : try await count("SELECT COUNT(*) AS n FROM photos p\(whereClause)", on: db)
            return Page(items: items, total: total)
        }
    }

    /// A photo by its numeric id, in full (views and topics), as `viewerID` sees it.
    public func photo(number: Int64, viewerID: String? = nil) async throws -> PhotoRecord? {
        try await database.read { db in
            guard
                let record = try await photos(
                    "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.number = \(bind: number)",
                    viewerID: viewerID, on: db
                ).first
            else { return nil }
            return try await inFull([record], on: db)[0]
        }
    }

    /// Where a photo's files are, by its numeric id (for image URLs built the Flickr or Pixabay way).
    public func imageSource(number: Int64) async throws -> ImageSource? {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.imageSourceColumns) FROM photos WHERE number = \(bind: number)")
                .first().map(Self.decodeImageSource)
        }
    }

    /// A user by numeric id.
    public func user(number: Int64) async throws -> UserRecord? {
        try await database.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u WHERE u.number = \(bind: number)"
            ).first().map { try UserColumns.decode($0) }
        }
    }

    /// Every user, by numeric id (JSONPlaceholder lists them all; a library has people in the hundreds, not
    /// millions).
    public func usersByNumber() async throws -> [UserRecord] {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u ORDER BY u.number")
                .all().map { try UserColumns.decode($0) }
        }
    }

    /// An album by numeric id, with its cover, if `viewerID` may see it (public, or theirs).
    public func collection(number: Int64, viewerID: String?) async throws -> CollectionRecord? {
        try await database.read { db in
            guard
                let record = try await db.raw(
                    """
                    SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                    WHERE c.number = \(bind: number)
                    """
                ).first().map(Self.decodeCollection), !record.isPrivate || record.owner.id == viewerID
            else { return nil }
            return try await withCovers([record], viewerID: viewerID, on: db)[0]
        }
    }

    /// Every album `viewerID` may see (the public ones and their own), by numeric id.
    public func collectionsByNumber(viewerID: String?) async throws -> [CollectionRecord] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.collectionSelect) FROM collections c JOIN users u ON u.id = c.user_id \
                WHERE c.private = \(false) OR c.user_id = \(bind: viewerID ?? "") ORDER BY c.number
                """
            ).all().map(Self.decodeCollection)
        }
    }

    /// For each photo, the numeric ids of the albums `viewerID` may see that hold it, in the order it was added.
    public func albumNumbers(ofPhotos photoIDs: [String], viewerID: String?) async throws -> [String: [Int64]] {
        guard !photoIDs.isEmpty else { return [:] }
        return try await database.read { db in
            var numbers: [String: [Int64]] = [:]
            for row in try await db.raw(
                """
                SELECT cp.photo_id, c.number FROM collection_photos cp JOIN collections c ON c.id = cp.collection_id \
                WHERE cp.photo_id IN (\(binds: photoIDs)) AND (c.private = \(false) OR c.user_id = \(bind: viewerID ?? "")) \
                ORDER BY cp.added_at, c.number
                """
            ).all() {
                numbers[try row.decode(column: "photo_id", as: String.self), default: []]
                    .append(try row.decode(column: "number", as: Int64.self))
            }
            return numbers
        }
    }

    /// The tags most used on photos added since `date`, with how many photos carry each, most used first.
    public func hotTags(since date: Date, limit: Int) async throws -> [(tag: String, count: Int)] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT t.tag, COUNT(*) AS n FROM photo_tags t JOIN photos p ON p.id = t.photo_id \
                WHERE p.created_at >= \(bind: date.storedSeconds) GROUP BY t.tag ORDER BY n DESC, t.tag ASC \
                LIMIT \(literal: limit)
                """
            ).all().map { (try $0.decode(column: "tag", as: String.self), try $0.decode(column: "n", as: Int.self)) }
        }
    }

    /// The photos a user likes, most recently liked first, each with when it was liked.
    public func favorites(ofUserID userID: String, page: PageRequest, viewerID: String? = nil) async throws
        -> Page<FavoritePhoto>
    {
        try await database.read { db in
            let records = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM likes l \
                JOIN photos p ON p.id = l.photo_id JOIN users u ON u.id = p.user_id WHERE l.user_id = \(bind: userID) \
                ORDER BY l.created_at DESC, p.id DESC LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """,
                viewerID: viewerID, on: db
            )
            var likedAt: [String: Date] = [:]
            for row in try await db.raw(
                "SELECT photo_id, created_at FROM likes WHERE user_id = \(bind: userID) AND photo_id IN (\(binds: records.isEmpty ? [""] : records.map(\.id)))"
            ).all() {
                // Likes keep milliseconds, so that the order of likes within a second is kept.
                likedAt[try row.decode(column: "photo_id", as: String.self)] =
                    Date(timeIntervalSince1970: Double(try row.decode(column: "created_at", as: Int64.self)) / 1000)
            }
            let total = try await count("SELECT COUNT(*) AS n FROM likes WHERE user_id = \(bind: userID)", on: db)
            return Page(
                items: records.map { FavoritePhoto(photo: $0, likedAt: likedAt[$0.id] ?? $0.createdAt) }, total: total)
        }
    }
}
