/// An object's metadata as the rules see it in `resource` (the stored object) and `request.resource` (the object
/// as it would be after a create or update).
///
/// Mirrors the `Resource` type of https://firebase.google.com/docs/reference/security/storage#resource.
public struct StorageObjectMetadata: Sendable, Hashable {
    /// The full object name, `favs/u1/a.jpg`.
    public var name: String
    /// The bucket.
    public var bucket: String
    /// The size in bytes.
    public var size: Int64
    /// The content type, `image/jpeg`.
    public var contentType: String?
    /// Custom metadata.
    public var metadata: [String: String]
    /// Milliseconds since 1970.
    public var timeCreated: Int64?
    /// Milliseconds since 1970.
    public var updated: Int64?
    /// Base64 MD5, as GCS reports it.
    public var md5Hash: String?

    /// Makes metadata.
    public init(
        name: String, bucket: String, size: Int64, contentType: String? = nil, metadata: [String: String] = [:],
        timeCreated: Int64? = nil, updated: Int64? = nil, md5Hash: String? = nil
    ) {
        self.name = name
        self.bucket = bucket
        self.size = size
        self.contentType = contentType
        self.metadata = metadata
        self.timeCreated = timeCreated
        self.updated = updated
        self.md5Hash = md5Hash
    }
}
