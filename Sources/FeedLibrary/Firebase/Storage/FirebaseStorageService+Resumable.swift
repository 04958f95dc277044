import FeedModels
import FeedStore
import Foundation

/// Where a resumable upload stands after a request.
public enum UploadProgress: Sendable {
    /// More bytes are expected; this many have been received.
    case active(received: Int64)
    /// The object is written.
    case final(StorageObjectRecord)
}

/// Who started a resumable upload, kept with it: the chunks that follow may come without credentials (the iOS SDK
/// sends none; the unguessable upload id in the URL is the credential) and act as this caller.
public struct UploadCaller: Codable, Sendable {
    public var admin: Bool
    public var claims: IDTokenClaims?

    public init(_ caller: FirebaseCaller) {
        admin = caller.isAdmin
        if case .user(let claims) = caller { self.claims = claims }
    }

    public var caller: FirebaseCaller {
        if admin { return .admin }
        return claims.map(FirebaseCaller.user) ?? .anonymous
    }
}

extension FirebaseStorageService {
    /// Starts a resumable upload of the object `name` and returns its id, which every later request of the upload
    /// names. When the size is known the rules are asked now, so that a refused upload fails before its bytes
    /// are sent; they are asked again, about the bytes received, when it finishes.
    public func startUpload(
        bucket: String, name: String, metadata: StorageMetadataInput, contentType: String?, declaredSize: Int64?,
        caller: FirebaseCaller, api: StorageAPI
    ) async throws -> String {
        try checkBucket(bucket)
        if let declaredSize {
            guard declaredSize >= 0 else {
                throw FirebaseStorageError.invalidArgument("The upload's size is negative.")
            }
            guard declaredSize <= Int64(settings.maxUploadBytes) else {
                throw FirebaseStorageError.tooLarge(limit: settings.maxUploadBytes)
            }
            let existing = try await store.storageObject(bucket: bucket, name: name)
            var proposed = StorageObjectRecord(
                bucket: bucket, name: name, generation: 0, metageneration: 1, blobKey: "", size: declaredSize,
                md5Hash: "", crc32c: "", contentType: metadata.contentType ?? contentType, createdAt: 0, updatedAt: 0)
            Self.apply(metadata, to: &proposed)
            try authorize(
                existing == nil ? .create : .update, bucket: bucket, path: name, caller: caller, resource: existing,
                proposed: Self.proposed(proposed))
        }
        var stored = metadata
        stored.contentType = metadata.contentType ?? contentType
        let id = Secrets.make(bytes: 32)
        try await store.createUploadSession(
            UploadSessionRecord(
                idHash: Secrets.hash(id), bucket: bucket, name: name, api: api.rawValue,
                caller: String(decoding: try JSONEncoder().encode(UploadCaller(caller)), as: UTF8.self),
                metadata: String(decoding: try JSONEncoder().encode(stored), as: UTF8.self), declaredSize: declaredSize,
                expiresAt: now().addingTimeInterval(settings.uploadLifetime)),
            at: now())
        return id
    }

    /// The live (or finished) upload with this id.
    public func uploadSession(id: String) async throws -> UploadSessionRecord {
        guard let session = try await store.uploadSession(idHash: Secrets.hash(id)), session.expiresAt > now() else {
            throw FirebaseStorageError.uploadNotActive
        }
        return session
    }

    /// How many bytes an upload has received, and whether it is finished.
    public func queryUpload(id: String) async throws -> (received: Int64, status: String) {
        let session = try await uploadSession(id: id)
        return (session.received, session.status)
    }

    /// Cancels an upload and removes what it received.
    public func cancelUpload(id: String) async throws {
        guard let chunks = try await store.cancelUploadSession(idHash: Secrets.hash(id)) else {
            throw FirebaseStorageError.uploadNotActive
        }
        await removeBlobs(chunks)
    }

    /// Takes the bytes of an upload from `offset` (`chunk`, possibly empty), which must be where the upload has got
    /// to, and with `finalize` writes the object from everything received. A finalize repeated after the object was
    /// written (the client lost the answer) answers with the object again.
    public func continueUpload(id: String, offset: Int64, chunk: ReceivedFile, finalize: Bool) async throws
        -> UploadProgress
    {
        let session = try await uploadSession(id: id)
        if session.status == "final", finalize, offset + chunk.size == session.received || chunk.size == 0,
            let generation = session.resultGeneration,
            let object = try await store.storageObject(bucket: session.bucket, name: session.name),
            object.generation == generation
        {
            return .final(object)
        }
        guard session.status == "active" else { throw FirebaseStorageError.uploadNotActive }
        guard offset == session.received else {
            throw FirebaseStorageError.offsetMismatch(received: session.received, offset: offset)
        }
        let total = session.received + chunk.size
        guard total <= Int64(settings.maxUploadBytes) else {
            throw FirebaseStorageError.tooLarge(limit: settings.maxUploadBytes)
        }
        if let declared = session.declaredSize, total > declared {
            throw FirebaseStorageError.invalidArgument(
                "The upload has more bytes (\(total)) than it declared (\(declared)).")
        }
        guard finalize else {
            if chunk.size > 0 { try await keepChunk(chunk, of: session, at: offset) }
            return .active(received: total)
        }
        if let declared = session.declaredSize, total != declared {
            throw FirebaseStorageError.invalidArgument("The upload has \(total) bytes; it declared \(declared).")
        }
        return .final(try await finish(session, lastChunk: chunk))
    }

    /// Keeps a chunk as a blob of its own and adds it to the upload, unless another request's chunk got there first.
    private func keepChunk(_ chunk: ReceivedFile, of session: UploadSessionRecord, at offset: Int64) async throws {
        let key = "firebase-uploads/\(session.idHash.prefix(32))/\(offset)-" + Secrets.make(bytes: 9)
        try await store.addPendingBlob(key, at: now())
        do {
            try await blobs.put(file: chunk.path, at: key)
            guard
                try await store.appendUploadChunk(
                    idHash: session.idHash, chunk: UploadChunkRecord(offset: offset, size: chunk.size, blobKey: key))
            else {
                let current = try await store.uploadSession(idHash: session.idHash)
                guard current?.status == "active" else { throw FirebaseStorageError.uploadNotActive }
                throw FirebaseStorageError.offsetMismatch(received: current?.received ?? 0, offset: offset)
            }
        } catch {
            await removeBlobs([key])
            throw error
        }
    }

    /// Writes the object from the chunks received before and the last one, as the upload's starter.
    private func finish(_ session: UploadSessionRecord, lastChunk: ReceivedFile) async throws -> StorageObjectRecord {
        let metadata = try JSONDecoder().decode(StorageMetadataInput.self, from: Data(session.metadata.utf8))
        let caller = try JSONDecoder().decode(UploadCaller.self, from: Data(session.caller.utf8)).caller
        let api = StorageAPI(rawValue: session.api) ?? .firebase
        let file = try await assemble(session, lastChunk: lastChunk)
        defer { if file.path != lastChunk.path { file.discard() } }
        let (idHash, received) = (session.idHash, session.received)
        let store = self.store
        let stored = try await commit(
            bucket: session.bucket, name: session.name, file: file, metadata: metadata, contentType: nil,
            caller: caller, api: api
        ) { object in
            guard let finished = try await store.finishUploadSession(idHash: idHash, received: received, object: object)
            else { return nil }
            return (finished.stored, finished.chunkBlobs + (finished.replacedBlob.map { [$0] } ?? []))
        }
        return stored
    }

    /// Everything an upload received, as one file: the last chunk's own file when it is the only one, else the
    /// earlier chunks' blobs and the last chunk copied one after the other into a new file.
    private func assemble(_ session: UploadSessionRecord, lastChunk: ReceivedFile) async throws -> ReceivedFile {
        let chunks = try await store.uploadChunks(idHash: session.idHash)
        if chunks.isEmpty { return lastChunk }
        let path = scratch + "/firebase-assembled-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw FirebaseStorageError.invalidArgument("The server could not assemble the upload.") }
        defer { try? handle.close() }
        var digest = ObjectDigest()
        do {
            for chunk in chunks {
                guard let bytes = try await blobs.bytes(at: chunk.blobKey), Int64(bytes.count) == chunk.size else {
                    throw FirebaseStorageError.uploadNotActive
                }
                digest.update(bytes)
                try handle.write(contentsOf: bytes)
            }
            if lastChunk.size > 0 {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: lastChunk.path))
                digest.update(bytes)
                try handle.write(contentsOf: bytes)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return ReceivedFile(path: path, digest: digest)
    }
}
