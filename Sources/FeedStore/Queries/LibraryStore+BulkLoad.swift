import Foundation
import SQLKit

/// A load of a library's rows written at once: people, photos (files already in place), their likes and albums.
/// What `imagefeed bench seed` grows a ten-million-photo library with, many rows a statement.
public struct BulkLoad: Sendable {
    /// A person who has no password (cannot sign in): a member of the community as a benchmark sees it.
    public struct Member: Sendable, Hashable {
        public var id: String
        public var username: String
        public var firstName: String
        public var lastName: String?
        public var createdAt: Date

        public init(id: String, username: String, firstName: String, lastName: String?, createdAt: Date) {
            self.id = id
            self.username = username
            self.firstName = firstName
            self.lastName = lastName
            self.createdAt = createdAt
        }
    }

    /// A person's like of a photo.
    public struct Like: Sendable, Hashable {
        public var userID: String
        public var photoID: String
        public var likedAt: Date

        public init(userID: String, photoID: String, likedAt: Date) {
            self.userID = userID
            self.photoID = photoID
            self.likedAt = likedAt
        }
    }

    /// A public album and its photos, in the order they were added (the first is its cover).
    public struct Album: Sendable, Hashable {
        public var id: String
        public var ownerID: String
        public var title: String
        public var photoIDs: [String]
        public var createdAt: Date

        public init(id: String, ownerID: String, title: String, photoIDs: [String], createdAt: Date) {
            self.id = id
            self.ownerID = ownerID
            self.title = title
            self.photoIDs = photoIDs
            self.createdAt = createdAt
        }
    }

    public var members: [Member]
    public var photos: [NewPhoto]
    public var likes: [Like]
    public var albums: [Album]

    public init(members: [Member] = [], photos: [NewPhoto] = [], likes: [Like] = [], albums: [Album] = []) {
        self.members = members
        self.photos = photos
        self.likes = likes
        self.albums = albums
    }
}

/// What a ``LibraryStore/record(_:)`` wrote: rows already there are not counted.
public struct BulkLoadCount: Sendable, Hashable {
    public var members = 0
    public var photos = 0
    public var likes = 0
    public var albums = 0

    public init() {}

    /// Adds what another load wrote, field by field.
    public static func += (total: inout BulkLoadCount, more: BulkLoadCount) {
        total.members += more.members
        total.photos += more.photos
        total.likes += more.likes
        total.albums += more.albums
    }
}

extension LibraryStore {
    /// Records `load` in one transaction, so that a load cut off leaves nothing half written: people, then photos
    /// (``recordPhotos(_:)``'s way), then the likes of the photos recorded now, then albums not recorded before.
    /// Every counter the app shows (a photo's likes, a person's likes, photos and albums, an album's photos) moves
    /// with its rows, a statement per many rows. Running the same load twice records nothing the second time.
    public func record(_ load: BulkLoad) async throws -> BulkLoadCount {
        let kind = database.kind
        return try await database.transaction { db in
            var count = BulkLoadCount()
            count.members = try await Self.insertMembers(load.members, on: db)
            let recorded = try await Self.insertPhotos(load.photos, kind: kind, on: db)
            count.photos = recorded.count
            count.likes = try await Self.insertLikes(load.likes.filter { recorded.contains($0.photoID) }, on: db)
            count.albums = try await Self.insertAlbums(load.albums, on: db)
            return count
        }
    }

    /// Members whose id is already there are skipped (a load run again); a member whose username another account
    /// holds fails the load with ``StoreError/conflict(_:)`` naming it, rather than being skipped and leaving the
    /// member's likes and albums pointing at no one.
    private static func insertMembers(_ members: [BulkLoad.Member], on db: any SQLDatabase) async throws -> Int {
        var inserted = 0
        for batch in members.chunked(1000) {
            // An account already holding one of these usernames (unique whatever its case, as the database compares
            // them) under another id refuses the load before anything is written: `ON CONFLICT DO NOTHING` below
            // would skip the member silently.
            let given: [SQLQueryString] = batch.map { "(\(bind: $0.id), \(bind: $0.username))" }
            let taken = try await db.raw(
                """
                SELECT m.username FROM (SELECT column1 AS id, column2 AS username FROM (VALUES \
                \(given.joined(separator: ", "))) AS given) AS m \
                JOIN users u ON lower(u.username) = lower(m.username) WHERE u.id <> m.id LIMIT 1
                """
            ).first()
            if let taken {
                let username = try taken.decode(column: "username", as: String.self)
                throw StoreError.conflict("The username \(username) is taken by another account.")
            }
            let rows: [SQLQueryString] = batch.map {
                let at = $0.createdAt.storedSeconds
                return "(\(bind: $0.id), \(bind: $0.username), \(bind: $0.firstName), \(bind: $0.lastName), "
                    + "\(bind: at), \(bind: at))"
            }
            inserted += try await db.raw(
                """
                INSERT INTO users (id, username, first_name, last_name, created_at, updated_at) \
                VALUES \(rows.joined(separator: ", ")) ON CONFLICT DO NOTHING RETURNING id
                """
            ).all().count
        }
        return inserted
    }

    /// Likes of photos recorded in the same load, so none is there yet: the counters move by what is added.
    private static func insertLikes(_ given: [BulkLoad.Like], on db: any SQLDatabase) async throws -> Int {
        var seen: Set<[String]> = []
        let likes = given.filter { seen.insert([$0.userID, $0.photoID]).inserted }
        var inserted = 0
        for batch in likes.chunked(1000) {
            let rows: [SQLQueryString] = batch.map {
                "(\(bind: $0.userID), \(bind: $0.photoID), \(bind: $0.likedAt.storedSeconds))"
            }
            inserted += try await db.raw(
                """
                INSERT INTO likes (user_id, photo_id, created_at) VALUES \(rows.joined(separator: ", ")) \
                ON CONFLICT DO NOTHING RETURNING photo_id
                """
            ).all().count
        }
        try await addCounts(
            Dictionary(grouping: likes, by: \.photoID).mapValues(\.count), to: "photos", "likes", on: db)
        try await addCounts(
            Dictionary(grouping: likes, by: \.userID).mapValues(\.count), to: "users", "total_likes", on: db)
        return inserted
    }

    private static func insertAlbums(_ albums: [BulkLoad.Album], on db: any SQLDatabase) async throws -> Int {
        guard !albums.isEmpty else { return 0 }
        var known: Set<String> = []
        for batch in albums.map(\.id).chunked(500) {
            for row in try await db.raw("SELECT id FROM collections WHERE id IN (\(binds: Array(batch)))").all() {
                known.insert(try row.decode(column: "id", as: String.self))
            }
        }
        let fresh = albums.filter { known.insert($0.id).inserted }
        for batch in fresh.chunked(500) {
            let rows: [SQLQueryString] = batch.map {
                let at = $0.createdAt.storedSeconds
                return """
                    (\(bind: $0.id), \(bind: $0.ownerID), \(bind: $0.title), \(bind: $0.photoIDs.first), \
                    \(bind: $0.photoIDs.count), \(bind: at), \(bind: at), \(bind: at))
                    """
            }
            try await db.raw(
                """
                INSERT INTO collections (id, user_id, title, cover_photo_id, total_photos, created_at, updated_at, \
                last_collected_at) VALUES \(rows.joined(separator: ", "))
                """
            ).run()
        }
        let memberships = fresh.flatMap { album in
            album.photoIDs.map { (album.id, $0, album.createdAt.storedSeconds) }
        }
        for batch in memberships.chunked(1000) {
            let rows: [SQLQueryString] = batch.map { "(\(bind: $0.0), \(bind: $0.1), \(bind: $0.2))" }
            try await db.raw(
                """
                INSERT INTO collection_photos (collection_id, photo_id, added_at) \
                VALUES \(rows.joined(separator: ", "))
                """
            ).run()
        }
        try await addCounts(
            Dictionary(grouping: fresh, by: \.ownerID).mapValues(\.count), to: "users", "total_collections", on: db)
        return fresh.count
    }

    /// Adds each `id`'s number to `column` of `table`'s row with that id, 500 rows a statement (`UPDATE … FROM`,
    /// which SQLite has had since 3.33).
    static func addCounts(
        _ counts: [String: Int], to table: String, _ column: String, on db: any SQLDatabase
    ) async throws {
        for batch in Array(counts).chunked(500) {
            let rows: [SQLQueryString] = batch.map { "(\(bind: $0.key), \(bind: $0.value))" }
            try await db.raw(
                """
                UPDATE \(unsafeRaw: table) SET \(unsafeRaw: column) = \(unsafeRaw: table).\(unsafeRaw: column) + v.n \
                FROM (SELECT column1 AS id, column2 AS n FROM (VALUES \(rows.joined(separator: ", "))) AS given) AS v \
                WHERE \(unsafeRaw: table).id = v.id
                """
            ).run()
        }
    }
}
