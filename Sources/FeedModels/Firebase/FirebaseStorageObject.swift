import Foundation

/// An object's metadata as Firebase Storage's `/v0` API answers it (the emulator's `OutgoingFirebaseMetadata`):
/// every value a string — one iOS SDK version reads the whole answer as `[String: String]` — except `metadata`, the
/// custom metadata, which is only present when the object has some.
public struct FirebaseStorageObject: Codable, Sendable, Hashable {
    public var name: String
    public var bucket: String
    public var generation: String
    public var metageneration: String
    public var contentType: String
    /// RFC 3339 with milliseconds.
    public var timeCreated: String
    /// RFC 3339 with milliseconds.
    public var updated: String
    public var storageClass = "STANDARD"
    public var size: String
    public var md5Hash: String
    public var crc32c: String
    public var etag: String
    /// The download tokens, comma-separated: `getDownloadURL()` takes the first.
    public var downloadTokens: String
    public var contentEncoding: String
    public var contentDisposition: String
    public var contentLanguage: String?
    public var cacheControl: String?
    public var metadata: [String: String]?

    public init(
        name: String, bucket: String, generation: String, metageneration: String, contentType: String,
        timeCreated: String, updated: String, size: String, md5Hash: String, crc32c: String, etag: String,
        downloadTokens: String, contentEncoding: String, contentDisposition: String, contentLanguage: String?,
        cacheControl: String?, metadata: [String: String]?
    ) {
        self.name = name
        self.bucket = bucket
        self.generation = generation
        self.metageneration = metageneration
        self.contentType = contentType
        self.timeCreated = timeCreated
        self.updated = updated
        self.size = size
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        self.etag = etag
        self.downloadTokens = downloadTokens
        self.contentEncoding = contentEncoding
        self.contentDisposition = contentDisposition
        self.contentLanguage = contentLanguage
        self.cacheControl = cacheControl
        self.metadata = metadata
    }
}

/// A `/v0` listing: `{prefixes, items: [{name, bucket}], nextPageToken}`.
public struct FirebaseStorageList: Codable, Sendable, Hashable {
    public var prefixes: [String]
    public var items: [Item]
    public var nextPageToken: String?

    public init(prefixes: [String], items: [Item], nextPageToken: String?) {
        self.prefixes = prefixes
        self.items = items
        self.nextPageToken = nextPageToken
    }

    /// One object of a listing.
    public struct Item: Codable, Sendable, Hashable {
        public var name: String
        public var bucket: String

        public init(name: String, bucket: String) {
            self.name = name
            self.bucket = bucket
        }
    }
}
