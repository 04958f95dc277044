import FeedModels
import FeedStore
import Foundation
import Storage

/// A file received from a client in the scratch folder, with its digest. Its owner removes it.
public struct ReceivedFile: Sendable {
    public var path: String
    public var digest: ObjectDigest

    public var size: Int64 { digest.size }

    public init(path: String, digest: ObjectDigest) {
        self.path = path
        self.digest = digest
    }

    public func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Which Storage API a write came through: it decides whether an object gets a download token of its own.
public enum StorageAPI: String, Sendable, Codable {
    /// Firebase's `/v0`, which the client SDKs use: every upload gets a download token.
    case firebase
    /// GCS's JSON API: tokens only as its metadata says (`firebaseStorageDownloadTokens`).
    case gcs
}

extension FirebaseStorageService {
    /// Stores `file` as the object `name`, if the caller may create (or, over an existing object, update) it.
    public func upload(
        bucket: String, name: String, file: ReceivedFile, metadata: StorageMetadataInput, contentType: String?,
        caller: FirebaseCaller, api: StorageAPI
    ) async throws -> StorageObjectRecord {
        try checkBucket(bucket)
        return try await commit(
            bucket: bucket, name: name, file: file, metadata: metadata, contentType: contentType, caller: caller,
            api: api
        ) { object in
            let (stored, replaced) = try await store.putStorageObject(object)
            return (stored, replaced.map { [$0] } ?? [])
        }
    }

    /// Checks the bytes, the rules and the metadata of a write, puts the bytes in a new blob and calls `record` to
    /// make the row point at it, which answers with the blobs the write left unused (nil when the write lost a race
    /// and must not happen). Returns the object as stored.
    public func commit(
        bucket: String, name: String, file: ReceivedFile, metadata: StorageMetadataInput, contentType: String?,
        caller: FirebaseCaller, api: StorageAPI,
        record: @Sendable (StorageObjectRecord) async throws -> (stored: StorageObjectRecord, unusedBlobs: [String])?
    ) async throws -> StorageObjectRecord {
        guard file.size <= Int64(settings.maxUploadBytes) else {
            throw FirebaseStorageError.tooLarge(limit: settings.maxUploadBytes)
        }
        if let md5 = metadata.md5Hash, md5 != file.digest.md5Base64 {
            throw FirebaseStorageError.checksumMismatch(
                "Provided MD5 hash \"\(md5)\" doesn't match calculated MD5 hash \"\(file.digest.md5Base64)\".")
        }
        if let crc = metadata.crc32c, crc != file.digest.crc32cBase64 {
            throw FirebaseStorageError.checksumMismatch(
                "Provided CRC32C \"\(crc)\" doesn't match calculated CRC32C \"\(file.digest.crc32cBase64)\".")
        }
        let existing = try await store.storageObject(bucket: bucket, name: name)
        let date = now()
        var object = StorageObjectRecord(
            bucket: bucket, name: name, generation: Int64(date.timeIntervalSince1970 * 1_000_000), metageneration: 1,
            blobKey: "firebase/\(bucket)/" + Secrets.make(bytes: 18), size: file.size,
            md5Hash: file.digest.md5Base64, crc32c: file.digest.crc32cBase64,
            contentType: metadata.contentType ?? contentType ?? "application/octet-stream",
            createdAt: date.millisecondsSince1970, updatedAt: date.millisecondsSince1970)
        Self.apply(metadata, to: &object)
        if object.contentType == nil { object.contentType = "application/octet-stream" }
        if api == .firebase, object.downloadTokens.isEmpty { object.downloadTokens = [UUID().uuidString.lowercased()] }
        try authorize(
            existing == nil ? .create : .update, bucket: bucket, path: name, caller: caller, resource: existing,
            proposed: Self.proposed(object))
        try await store.addPendingBlob(object.blobKey, at: date)
        do {
            try await blobs.put(file: file.path, at: object.blobKey)
            guard let result = try await record(object) else { throw FirebaseStorageError.uploadNotActive }
            await removeBlobs(result.unusedBlobs)
            return result.stored
        } catch {
            // Neither the blob nor (the transaction rolled back) a row stays; the sweeper gets the blob if this fails.
            await removeBlobs([object.blobKey])
            throw error
        }
    }
}
