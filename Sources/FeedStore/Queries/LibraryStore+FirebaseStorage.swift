import Foundation
import SQLKit

extension LibraryStore {
    /// The object `name` of `bucket`, or nil.
    public func storageObject(bucket: String, name: String) async throws -> StorageObjectRecord? {
        try await database.read { db in try await Self.storageObject(bucket: bucket, name: name, lock: false, on: db) }
    }

    /// With `lock`, the row stays locked until the transaction ends (PostgreSQL; SQLite's transactions hold the
    /// whole database).
    static func storageObject(bucket: String, name: String, lock: Bool, on db: any SQLDatabase) async throws
        -> StorageObjectRecord?
    {
        let forUpdate: SQLQueryString = lock && db.dialect.name != "sqlite" ? " FOR UPDATE" : ""
        return try await db.raw(
            """
            SELECT \(unsafeRaw: StorageObjectColumns.list) FROM firebase_objects \
            WHERE bucket = \(bind: bucket) AND name = \(bind: name)\(forUpdate)
            """
        ).first().map(StorageObjectColumns.decode)
    }

    /// Makes `object` the current generation of its name, once its bytes are in the blob store under
    /// `object.blobKey` (listed among the pending blobs until now), in one transaction: readers see the old object
    /// or the new one, never a part. The generation is the object's own (the time of the write, in microseconds)
    /// unless the name already has a later one. Returns the object as stored and the blob the old generation used,
    /// for the caller to remove.
    public func putStorageObject(_ object: StorageObjectRecord) async throws
        -> (stored: StorageObjectRecord, replacedBlob: String?)
    {
        try await database.transaction { db in try await Self.putStorageObject(object, on: db) }
    }

    static func putStorageObject(_ object: StorageObjectRecord, on db: any SQLDatabase) async throws
        -> (stored: StorageObjectRecord, replacedBlob: String?)
    {
        let existing = try await storageObject(bucket: object.bucket, name: object.name, lock: true, on: db)
        var stored = object
        stored.metageneration = 1
        if let existing { stored.generation = max(object.generation, existing.generation + 1) }
        try await db.raw(
            "DELETE FROM firebase_objects WHERE bucket = \(bind: object.bucket) AND name = \(bind: object.name)"
        )
        .run()
        try await db.raw(
            """
            INSERT INTO firebase_objects (\(unsafeRaw: StorageObjectColumns.list)) VALUES (\(bind: stored.bucket), \
            \(bind: stored.name), \(bind: stored.generation), \(bind: stored.metageneration), \(bind: stored.blobKey), \
            \(bind: stored.size), \(bind: stored.md5Hash), \(bind: stored.crc32c), \(bind: stored.contentType), \
            \(bind: stored.contentEncoding), \(bind: stored.contentDisposition), \(bind: stored.contentLanguage), \
            \(bind: stored.cacheControl), \(bind: StorageObjectColumns.encode(stored.customMetadata)), \
            \(bind: stored.downloadTokens.joined(separator: ",")), \(bind: stored.createdAt), \(bind: stored.updatedAt))
            """
        ).run()
        try await db.raw("DELETE FROM firebase_pending_blobs WHERE blob_key = \(bind: stored.blobKey)").run()
        if let existing { try await noteUnused([existing.blobKey], on: db) }
        return (stored, existing?.blobKey)
    }

    /// Changes an object's metadata (never its bytes) with `change`, counting a new metageneration, in one
    /// transaction. Nil when there is no such object, or when `change` returns false (nothing to write).
    public func changeStorageObject(
        bucket: String, name: String, at milliseconds: Int64,
        _ change: @escaping @Sendable (inout StorageObjectRecord) throws -> Bool
    ) async throws -> StorageObjectRecord? {
        try await database.transaction { db in
            guard var object = try await Self.storageObject(bucket: bucket, name: name, lock: true, on: db) else {
                return nil
            }
            let before = object
            guard try change(&object) else { return before }
            object.metageneration = before.metageneration + 1
            object.updatedAt = max(milliseconds, before.updatedAt)
            try await db.raw(
                """
                UPDATE firebase_objects SET metageneration = \(bind: object.metageneration), \
                content_type = \(bind: object.contentType), content_encoding = \(bind: object.contentEncoding), \
                content_disposition = \(bind: object.contentDisposition), \
                content_language = \(bind: object.contentLanguage), cache_control = \(bind: object.cacheControl), \
                custom_metadata = \(bind: StorageObjectColumns.encode(object.customMetadata)), \
                download_tokens = \(bind: object.downloadTokens.joined(separator: ",")), \
                updated_at = \(bind: object.updatedAt) \
                WHERE bucket = \(bind: bucket) AND name = \(bind: name) AND generation = \(bind: before.generation)
                """
            ).run()
            return object
        }
    }

    /// Deletes an object's row and returns it (its blob is the caller's to remove); nil when there was none.
    public func deleteStorageObject(bucket: String, name: String) async throws -> StorageObjectRecord? {
        try await database.transaction { db in
            let deleted = try await db.raw(
                """
                DELETE FROM firebase_objects WHERE bucket = \(bind: bucket) AND name = \(bind: name) \
                RETURNING \(unsafeRaw: StorageObjectColumns.list)
                """
            ).first().map(StorageObjectColumns.decode)
            if let deleted { try await Self.noteUnused([deleted.blobKey], on: db) }
            return deleted
        }
    }

    /// A page of at most `limit` entries (objects and prefixes together) of the names starting with `prefix`, in
    /// byte order, from `cursor` on. With a `delimiter`, names with the delimiter after the prefix are reported once
    /// per prefix up to and including it (GCS's "folders"), not one by one.
    public func listStorageObjects(
        bucket: String, prefix: String, delimiter: String?, after cursor: StorageListCursor?, limit: Int
    ) async throws -> StorageObjectPage {
        let delimiter = delimiter.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        let prefixBytes = Array(prefix.utf8)
        // The lower bound moves past each reported prefix with one query, instead of reading every name under it.
        var lower: (name: String, inclusive: Bool)?
        switch cursor {
        case .afterName(let name): lower = (name, false)
        case .afterPrefix(let folder):
            guard let next = NameOrder.successor(of: folder) else {
                return StorageObjectPage(objects: [], prefixes: [], next: nil)
            }
            lower = (next, true)
        case nil: lower = prefix.isEmpty ? nil : (prefix, true)
        }
        let upper = prefix.isEmpty ? nil : NameOrder.successor(of: prefix)
        let limit = max(limit, 1)
        return try await database.read { [lower] db in
            var lower = lower
            var page = StorageObjectPage(objects: [], prefixes: [], next: nil)
            var last: StorageListCursor?
            while true {
                var conditions: [SQLQueryString] = ["bucket = \(bind: bucket)"]
                if let lower {
                    conditions.append(lower.inclusive ? "name >= \(bind: lower.name)" : "name > \(bind: lower.name)")
                }
                if let upper { conditions.append("name < \(bind: upper)") }
                let rows = try await db.raw(
                    """
                    SELECT \(unsafeRaw: StorageObjectColumns.list) FROM firebase_objects \
                    WHERE \(conditions.joined(separator: " AND ")) ORDER BY name LIMIT \(unsafeRaw: String(limit + 1))
                    """
                ).all()
                if rows.isEmpty { return page }
                scan: for row in rows {
                    let object = try StorageObjectColumns.decode(row)
                    let name = Array(object.name.utf8)
                    lower = (object.name, false)
                    guard name.starts(with: prefixBytes) else { continue }
                    if page.objects.count + page.prefixes.count == limit {
                        page.next = last
                        return page
                    }
                    if let delimiter, let end = NameOrder.end(of: delimiter, in: name, from: prefixBytes.count) {
                        let folder = String(decoding: name[..<end], as: UTF8.self)
                        page.prefixes.append(folder)
                        last = .afterPrefix(folder)
                        guard let next = NameOrder.successor(of: folder) else { return page }
                        lower = (next, true)
                        break scan
                    }
                    page.objects.append(object)
                    last = .afterName(object.name)
                }
            }
        }
    }
}

/// The order names are listed in: by Unicode scalar, which is UTF-8's byte order (SQLite's default and PostgreSQL's
/// `COLLATE "C"`).
enum NameOrder {
    /// The first string after every string starting with `prefix`: its last scalar moved up by one (dropping
    /// trailing U+10FFFF); nil when there is none.
    static func successor(of prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var value = last.value + 1
            if (0xD800...0xDFFF).contains(value) { value = 0xE000 }
            if let next = Unicode.Scalar(value) {
                scalars.append(next)
                var result = String.UnicodeScalarView()
                result.append(contentsOf: scalars)
                return String(result)
            }
        }
        return nil
    }

    /// Where the first `delimiter` at or after `start` in `name` ends, or nil when there is none.
    static func end(of delimiter: [UInt8], in name: [UInt8], from start: Int) -> Int? {
        guard !delimiter.isEmpty, name.count >= delimiter.count, start <= name.count - delimiter.count else {
            return nil
        }
        for index in start...(name.count - delimiter.count)
        where name[index..<(index + delimiter.count)].elementsEqual(delimiter) {
            return index + delimiter.count
        }
        return nil
    }
}

/// The columns of `firebase_objects`, in order.
enum StorageObjectColumns {
    static let list = """
        bucket, name, generation, metageneration, blob_key, size, md5_hash, crc32c, content_type, content_encoding, \
        content_disposition, content_language, cache_control, custom_metadata, download_tokens, created_at, updated_at
        """

    static func decode(_ row: any SQLRow) throws -> StorageObjectRecord {
        let tokens = try row.decode(column: "download_tokens", as: String.self)
        return StorageObjectRecord(
            bucket: try row.decode(column: "bucket", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            generation: try row.decode(column: "generation", as: Int64.self),
            metageneration: try row.decode(column: "metageneration", as: Int64.self),
            blobKey: try row.decode(column: "blob_key", as: String.self),
            size: try row.decode(column: "size", as: Int64.self),
            md5Hash: try row.decode(column: "md5_hash", as: String.self),
            crc32c: try row.decode(column: "crc32c", as: String.self),
            contentType: try row.decode(column: "content_type", as: String?.self),
            contentEncoding: try row.decode(column: "content_encoding", as: String?.self),
            contentDisposition: try row.decode(column: "content_disposition", as: String?.self),
            contentLanguage: try row.decode(column: "content_language", as: String?.self),
            cacheControl: try row.decode(column: "cache_control", as: String?.self),
            customMetadata: decodeMetadata(try row.decode(column: "custom_metadata", as: String?.self)),
            downloadTokens: tokens.split(separator: ",").map(String.init),
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            updatedAt: try row.decode(column: "updated_at", as: Int64.self))
    }

    static func encode(_ metadata: [String: String]) -> String? {
        guard !metadata.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(metadata)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func decodeMetadata(_ text: String?) -> [String: String] {
        guard let text else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }
}
