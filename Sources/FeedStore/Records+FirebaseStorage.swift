import Foundation

/// A Firebase Storage object's row: its metadata and the blob holding its bytes.
public struct StorageObjectRecord: Sendable, Hashable {
    public var bucket: String
    public var name: String
    /// Changes whenever the bytes change (microseconds since 1970, as GCS's generations are).
    public var generation: Int64
    /// Counts metadata changes of this generation, from 1.
    public var metageneration: Int64
    /// Where the bytes are in the blob store.
    public var blobKey: String
    public var size: Int64
    /// Base64 of the MD5 digest.
    public var md5Hash: String
    /// Base64 of the big-endian CRC32C.
    public var crc32c: String
    public var contentType: String?
    public var contentEncoding: String?
    public var contentDisposition: String?
    public var contentLanguage: String?
    public var cacheControl: String?
    /// The custom metadata (string values only, as GCS keeps them).
    public var customMetadata: [String: String]
    /// The download tokens, oldest first.
    public var downloadTokens: [String]
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970.
    public var updatedAt: Int64

    public init(
        bucket: String, name: String, generation: Int64, metageneration: Int64, blobKey: String, size: Int64,
        md5Hash: String, crc32c: String, contentType: String? = nil, contentEncoding: String? = nil,
        contentDisposition: String? = nil, contentLanguage: String? = nil, cacheControl: String? = nil,
        customMetadata: [String: String] = [:], downloadTokens: [String] = [], createdAt: Int64, updatedAt: Int64
    ) {
        self.bucket = bucket
        self.name = name
        self.generation = generation
        self.metageneration = metageneration
        self.blobKey = blobKey
        self.size = size
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.contentDisposition = contentDisposition
        self.contentLanguage = contentLanguage
        self.cacheControl = cacheControl
        self.customMetadata = customMetadata
        self.downloadTokens = downloadTokens
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A page of a listing: the objects and, with a delimiter, the prefixes that group the rest.
public struct StorageObjectPage: Sendable, Hashable {
    public var objects: [StorageObjectRecord]
    public var prefixes: [String]
    /// Where the next page starts; nil after the last page.
    public var next: StorageListCursor?

    public init(objects: [StorageObjectRecord], prefixes: [String], next: StorageListCursor?) {
        self.objects = objects
        self.prefixes = prefixes
        self.next = next
    }
}

/// A resumable upload in progress (or finished), found by the hash of its id.
public struct UploadSessionRecord: Sendable, Hashable {
    public var idHash: String
    public var bucket: String
    public var name: String
    /// Which API started it: `firebase` (`/v0`) or `gcs` (`/upload/storage/v1`).
    public var api: String
    /// Who started it, as the service wrote it (JSON); the upload's later requests act as this caller.
    public var caller: String
    /// The object's metadata from the start request (JSON).
    public var metadata: String
    public var declaredSize: Int64?
    public var received: Int64
    /// `active`, `final` or `cancelled`.
    public var status: String
    /// The generation the upload made, once final.
    public var resultGeneration: Int64?
    public var expiresAt: Date

    public init(
        idHash: String, bucket: String, name: String, api: String, caller: String, metadata: String,
        declaredSize: Int64?, received: Int64 = 0, status: String = "active", resultGeneration: Int64? = nil,
        expiresAt: Date
    ) {
        self.idHash = idHash
        self.bucket = bucket
        self.name = name
        self.api = api
        self.caller = caller
        self.metadata = metadata
        self.declaredSize = declaredSize
        self.received = received
        self.status = status
        self.resultGeneration = resultGeneration
        self.expiresAt = expiresAt
    }
}

/// A received chunk of a resumable upload, kept as a blob of its own until the upload is finished.
public struct UploadChunkRecord: Sendable, Hashable {
    public var offset: Int64
    public var size: Int64
    public var blobKey: String

    public init(offset: Int64, size: Int64, blobKey: String) {
        self.offset = offset
        self.size = size
        self.blobKey = blobKey
    }
}

/// Where a listing goes on from: after an object's name, or after every name under a prefix that the previous page
/// reported (with a delimiter, a prefix stands for all the names under it).
public enum StorageListCursor: Sendable, Hashable {
    case afterName(String)
    case afterPrefix(String)
}
