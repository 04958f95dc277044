import Foundation

/// An object as Cloud Storage's JSON API (`/storage/v1`) describes it, which firebase-admin reads through
/// google-cloud-storage. The download tokens are the custom metadata key `firebaseStorageDownloadTokens`.
public struct CloudStorageObject: Codable, Sendable, Hashable {
    public var kind = "storage#object"
    /// `bucket/name/generation`.
    public var id: String
    public var selfLink: String
    public var mediaLink: String
    public var name: String
    public var bucket: String
    public var generation: String
    public var metageneration: String
    public var contentType: String
    public var storageClass = "STANDARD"
    public var size: String
    public var md5Hash: String
    public var crc32c: String
    public var etag: String
    /// RFC 3339 with milliseconds.
    public var timeCreated: String
    /// RFC 3339 with milliseconds.
    public var updated: String
    public var timeStorageClassUpdated: String
    public var contentEncoding: String?
    public var contentDisposition: String?
    public var contentLanguage: String?
    public var cacheControl: String?
    public var metadata: [String: String]?

    public init(
        id: String, selfLink: String, mediaLink: String, name: String, bucket: String, generation: String,
        metageneration: String, contentType: String, size: String, md5Hash: String, crc32c: String, etag: String,
        timeCreated: String, updated: String, contentEncoding: String?, contentDisposition: String?,
        contentLanguage: String?, cacheControl: String?, metadata: [String: String]?
    ) {
        self.id = id
        self.selfLink = selfLink
        self.mediaLink = mediaLink
        self.name = name
        self.bucket = bucket
        self.generation = generation
        self.metageneration = metageneration
        self.contentType = contentType
        self.size = size
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        self.etag = etag
        self.timeCreated = timeCreated
        self.updated = updated
        self.timeStorageClassUpdated = timeCreated
        self.contentEncoding = contentEncoding
        self.contentDisposition = contentDisposition
        self.contentLanguage = contentLanguage
        self.cacheControl = cacheControl
        self.metadata = metadata
    }
}

/// A GCS listing: `{kind, items, prefixes, nextPageToken}`.
public struct CloudStorageObjectList: Codable, Sendable, Hashable {
    public var kind = "storage#objects"
    public var items: [CloudStorageObject]?
    public var prefixes: [String]?
    public var nextPageToken: String?

    public init(items: [CloudStorageObject], prefixes: [String], nextPageToken: String?) {
        self.items = items.isEmpty ? nil : items
        self.prefixes = prefixes.isEmpty ? nil : prefixes
        self.nextPageToken = nextPageToken
    }
}

/// A bucket as GCS's JSON API describes it (`GET /storage/v1/b/{bucket}`).
public struct CloudStorageBucket: Codable, Sendable, Hashable {
    public var kind = "storage#bucket"
    public var id: String
    public var name: String
    public var selfLink: String
    public var projectNumber: String
    public var metageneration = "1"
    public var location = "US"
    public var locationType = "multi-region"
    public var storageClass = "STANDARD"
    public var etag = "CAE="
    public var timeCreated: String
    public var updated: String

    public init(name: String, selfLink: String, projectNumber: String, timeCreated: String) {
        self.id = name
        self.name = name
        self.selfLink = selfLink
        self.projectNumber = projectNumber
        self.timeCreated = timeCreated
        self.updated = timeCreated
    }
}
