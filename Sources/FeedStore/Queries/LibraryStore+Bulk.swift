import Foundation
import SQLKit

extension LibraryStore {
    /// Records many photos whose files are already in place, in one transaction: their rows, tags and search text
    /// written many rows per statement, and the counters moved once. Photos whose bytes (sha256) are already in the
    /// library are skipped. Returns how many were recorded.
    ///
    /// This is `recordPhoto(_:)` for loads of thousands (`imagefeed bench seed` fills a million-photo library with
    /// it); albums are not supported here.
    public func recordPhotos(_ photos: [NewPhoto]) async throws -> Int {
        guard !photos.isEmpty else { return 0 }
        precondition(photos.allSatisfy(\.collectionIDs.isEmpty), "recordPhotos does not put photos in albums")
        let kind = database.kind
        return try await database.transaction { db in try await Self.insertPhotos(photos, kind: kind, on: db).count }
    }

    /// ``recordPhotos(_:)``'s work inside the caller's transaction; returns the ids of the photos recorded.
    static func insertPhotos(_ photos: [NewPhoto], kind: DatabaseKind, on db: any SQLDatabase) async throws
        -> Set<String>
    {
        var known: Set<String> = []
        for batch in photos.map(\.sha256).chunked(500) {
            for row in try await db.raw("SELECT sha256 FROM photos WHERE sha256 IN (\(binds: Array(batch)))").all() {
                known.insert(try row.decode(column: "sha256", as: String.self))
            }
        }
        let fresh = photos.filter { known.insert($0.sha256).inserted }
        guard !fresh.isEmpty else { return [] }
        var ownerWords: [String: [String]] = [:]
        let ownerIDs = Array(Set(fresh.map(\.ownerID)))
        for row in try await db.raw(
            "SELECT id, username, first_name, last_name FROM users WHERE id IN (\(binds: ownerIDs))"
        ).all() {
            ownerWords[try row.decode(column: "id", as: String.self)] = try [
                row.decode(column: "username", as: String.self), row.decode(column: "first_name", as: String.self),
                row.decode(column: "last_name", as: String?.self),
            ].compactMap { $0 }
        }

        // 30 values a row: 300 rows stay well under SQLite's 32,766 bound values a statement.
        for batch in fresh.chunked(300) {
            try await db.raw(
                """
                INSERT INTO photos (\(unsafeRaw: Self.photoInsertColumns)) VALUES \
                \(batch.map(Self.rowValues).joined(separator: ", "))
                """
            ).run()
        }
        let tags = fresh.flatMap { photo in Self.normalisedTags(photo.tags).map { (photo.id, $0) } }
        for batch in tags.chunked(1000) {
            let rows: [SQLQueryString] = batch.map { "(\(bind: $0.0), \(bind: $0.1))" }
            try await db.raw(
                "INSERT INTO photo_tags (photo_id, tag) VALUES \(rows.joined(separator: ", ")) ON CONFLICT DO NOTHING"
            ).run()
        }
        for batch in fresh.chunked(500) {
            let rows: [SQLQueryString] = batch.map {
                "(\(bind: $0.id), \(bind: Self.searchBody($0, ownerWords: ownerWords[$0.ownerID] ?? [])))"
            }
            try await insertSearchRows(rows.joined(separator: ", "), kind: kind, on: db)
        }
        try await addCounts(
            Dictionary(grouping: fresh, by: \.ownerID).mapValues(\.count), to: "users", "total_photos", on: db)
        try await db.raw("UPDATE library_stats SET value = value + \(literal: fresh.count) WHERE name = 'photos'")
            .run()
        return Set(fresh.map(\.id))
    }

    /// Adds full-text rows for `(photo id, text)` values, as ``insertSearchRow(photoID:body:on:)`` adds one.
    private static func insertSearchRows(_ values: SQLQueryString, kind: DatabaseKind, on db: any SQLDatabase)
        async throws
    {
        switch kind {
        case .sqlite:
            try await db.raw(
                """
                INSERT INTO photo_search (rowid, photo_id, body) SELECT p.rowid, p.id, v.column2 \
                FROM (VALUES \(values)) v JOIN photos p ON p.id = v.column1
                """
            ).run()
        case .postgres:
            try await db.raw(
                """
                INSERT INTO photo_search (photo_id, body, created_at) SELECT p.id, v.body, p.created_at \
                FROM (VALUES \(values)) AS v(id, body) JOIN photos p ON p.id = v.id
                """
            ).run()
        }
    }
}

extension Array {
    /// The elements in consecutive slices of at most `size`.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
