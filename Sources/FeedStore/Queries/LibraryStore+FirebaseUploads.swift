import Foundation
import SQLKit

extension LibraryStore {
    /// Notes that a blob is being written whose row is not committed yet, so that a process dying before the commit
    /// leaves a trace for ``stalePendingBlobs(before:)`` to find. (Blobs that rows stopped using are noted the same
    /// way, in the transaction that stops using them, until their owner has removed them.)
    public func addPendingBlob(_ key: String, at date: Date) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO firebase_pending_blobs (blob_key, created_at) VALUES (\(bind: key), \
                \(bind: date.storedSeconds)) ON CONFLICT DO NOTHING
                """
            ).run()
        }
    }

    /// Forgets a pending blob: removed from the blob store, or used by a committed row.
    public func removePendingBlob(_ key: String) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM firebase_pending_blobs WHERE blob_key = \(bind: key)").run()
        }
    }

    /// Blobs noted as pending before `date` and never committed: left by processes that died while writing.
    public func stalePendingBlobs(before date: Date) async throws -> [String] {
        try await database.read { db in
            try await db.raw(
                "SELECT blob_key FROM firebase_pending_blobs WHERE created_at < \(bind: date.storedSeconds) ORDER BY blob_key"
            ).all().map { try $0.decode(column: "blob_key", as: String.self) }
        }
    }

    /// Records a new resumable upload.
    public func createUploadSession(_ session: UploadSessionRecord, at date: Date) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO firebase_upload_sessions (id_hash, bucket, name, api, caller, metadata, declared_size, \
                received, status, created_at, expires_at) VALUES (\(bind: session.idHash), \(bind: session.bucket), \
                \(bind: session.name), \(bind: session.api), \(bind: session.caller), \(bind: session.metadata), \
                \(bind: session.declaredSize), 0, 'active', \(bind: date.storedSeconds), \
                \(bind: session.expiresAt.storedSeconds))
                """
            ).run()
        }
    }

    /// The upload with this id hash, live or finished, or nil (unknown, or expired and swept).
    public func uploadSession(idHash: String) async throws -> UploadSessionRecord? {
        try await database.read { db in try await Self.uploadSession(idHash: idHash, on: db) }
    }

    static func uploadSession(idHash: String, on db: any SQLDatabase) async throws -> UploadSessionRecord? {
        try await db.raw(
            """
            SELECT id_hash, bucket, name, api, caller, metadata, declared_size, received, status, result_generation, \
            expires_at FROM firebase_upload_sessions WHERE id_hash = \(bind: idHash)
            """
        ).first().map { row in
            UploadSessionRecord(
                idHash: try row.decode(column: "id_hash", as: String.self),
                bucket: try row.decode(column: "bucket", as: String.self),
                name: try row.decode(column: "name", as: String.self),
                api: try row.decode(column: "api", as: String.self),
                caller: try row.decode(column: "caller", as: String.self),
                metadata: try row.decode(column: "metadata", as: String.self),
                declaredSize: try row.decode(column: "declared_size", as: Int64?.self),
                received: try row.decode(column: "received", as: Int64.self),
                status: try row.decode(column: "status", as: String.self),
                resultGeneration: try row.decode(column: "result_generation", as: Int64?.self),
                expiresAt: Date(storedSeconds: try row.decode(column: "expires_at", as: Int64.self)))
        }
    }

    /// Adds a chunk, already in the blob store, to a live upload, if it starts where the upload has got to: the
    /// bytes received so far move on by its size, in one transaction. False when the upload is not live or has got
    /// elsewhere meanwhile (another request's chunk came first); the chunk's blob is then the caller's to remove.
    public func appendUploadChunk(idHash: String, chunk: UploadChunkRecord) async throws -> Bool {
        try await database.transaction { db in
            guard
                try await db.raw(
                    """
                    UPDATE firebase_upload_sessions SET received = received + \(bind: chunk.size) \
                    WHERE id_hash = \(bind: idHash) AND status = 'active' AND received = \(bind: chunk.offset) \
                    RETURNING id_hash
                    """
                ).first() != nil
            else { return false }
            try await db.raw(
                """
                INSERT INTO firebase_upload_chunks (session_id_hash, offset_bytes, size, blob_key) \
                VALUES (\(bind: idHash), \(bind: chunk.offset), \(bind: chunk.size), \(bind: chunk.blobKey))
                """
            ).run()
            try await db.raw("DELETE FROM firebase_pending_blobs WHERE blob_key = \(bind: chunk.blobKey)").run()
            return true
        }
    }

    /// The chunks of an upload, in order.
    public func uploadChunks(idHash: String) async throws -> [UploadChunkRecord] {
        try await database.read { db in try await Self.uploadChunks(idHash: idHash, on: db) }
    }

    static func uploadChunks(idHash: String, on db: any SQLDatabase) async throws -> [UploadChunkRecord] {
        try await db.raw(
            """
            SELECT offset_bytes, size, blob_key FROM firebase_upload_chunks WHERE session_id_hash = \(bind: idHash) \
            ORDER BY offset_bytes
            """
        ).all().map {
            UploadChunkRecord(
                offset: try $0.decode(column: "offset_bytes", as: Int64.self),
                size: try $0.decode(column: "size", as: Int64.self),
                blobKey: try $0.decode(column: "blob_key", as: String.self))
        }
    }

    /// Finishes a live upload that has received `received` bytes: `object` becomes its name's current generation
    /// (see ``putStorageObject(_:)``) and the upload is final, in one transaction. Nil when the upload is no longer
    /// live at that size (cancelled, finished by another request, or a chunk came in meanwhile). Returns the object
    /// as stored, the blob of the generation it replaced and the chunks' blobs, for the caller to remove.
    public func finishUploadSession(idHash: String, received: Int64, object: StorageObjectRecord) async throws
        -> (stored: StorageObjectRecord, replacedBlob: String?, chunkBlobs: [String])?
    {
        try await database.transaction { db in
            guard
                try await db.raw(
                    """
                    UPDATE firebase_upload_sessions SET status = 'final' \
                    WHERE id_hash = \(bind: idHash) AND status = 'active' AND received = \(bind: received) RETURNING id_hash
                    """
                ).first() != nil
            else { return nil }
            let chunks = try await Self.uploadChunks(idHash: idHash, on: db)
            try await Self.noteUnused(chunks.map(\.blobKey), on: db)
            let (stored, replaced) = try await Self.putStorageObject(object, on: db)
            try await db.raw(
                """
                UPDATE firebase_upload_sessions SET result_generation = \(bind: stored.generation) \
                WHERE id_hash = \(bind: idHash)
                """
            ).run()
            try await db.raw("DELETE FROM firebase_upload_chunks WHERE session_id_hash = \(bind: idHash)").run()
            return (stored, replaced, chunks.map(\.blobKey))
        }
    }

    /// Cancels a live upload and returns its chunks' blobs, for the caller to remove; nil when it was not live.
    public func cancelUploadSession(idHash: String) async throws -> [String]? {
        try await database.transaction { db in
            guard
                try await db.raw(
                    """
                    UPDATE firebase_upload_sessions SET status = 'cancelled' \
                    WHERE id_hash = \(bind: idHash) AND status = 'active' RETURNING id_hash
                    """
                ).first() != nil
            else { return nil }
            let chunks = try await Self.uploadChunks(idHash: idHash, on: db)
            try await Self.noteUnused(chunks.map(\.blobKey), on: db)
            try await db.raw("DELETE FROM firebase_upload_chunks WHERE session_id_hash = \(bind: idHash)").run()
            return chunks.map(\.blobKey)
        }
    }

    /// Deletes the uploads that expired before `date`, live or not, and returns their chunks' blobs, for the caller
    /// to remove.
    public func removeExpiredUploadSessions(before date: Date) async throws -> [String] {
        try await database.transaction { db in
            let expired: SQLQueryString =
                "SELECT id_hash FROM firebase_upload_sessions WHERE expires_at < \(bind: date.storedSeconds)"
            let blobs = try await db.raw(
                "SELECT blob_key FROM firebase_upload_chunks WHERE session_id_hash IN (\(expired))"
            ).all().map { try $0.decode(column: "blob_key", as: String.self) }
            try await Self.noteUnused(blobs, on: db)
            try await db.raw("DELETE FROM firebase_upload_chunks WHERE session_id_hash IN (\(expired))").run()
            try await db.raw("DELETE FROM firebase_upload_sessions WHERE expires_at < \(bind: date.storedSeconds)")
                .run()
            return blobs
        }
    }

    /// Notes blobs no row uses any more as pending since 1970, so that the sweeper removes them should their owner
    /// die before it does.
    static func noteUnused(_ keys: [String], on db: any SQLDatabase) async throws {
        for key in keys {
            try await db.raw(
                "INSERT INTO firebase_pending_blobs (blob_key, created_at) VALUES (\(bind: key), 0) ON CONFLICT DO NOTHING"
            ).run()
        }
    }
}
