import Foundation

/// Object metadata a client sends: the JSON of an upload's first request or multipart part, or of a `PATCH`. The
/// `/v0` API and GCS's JSON API use the same names. In a `PATCH`, a custom metadata value of `null` removes that key.
public struct StorageMetadataInput: Codable, Sendable, Hashable {
    public var name: String?
    public var contentType: String?
    public var cacheControl: String?
    public var contentDisposition: String?
    public var contentEncoding: String?
    public var contentLanguage: String?
    public var metadata: [String: String?]?
    /// A checksum the client computed: the upload is refused when the bytes do not match it.
    public var md5Hash: String?
    /// A checksum the client computed: the upload is refused when the bytes do not match it.
    public var crc32c: String?

    public init(
        name: String? = nil, contentType: String? = nil, cacheControl: String? = nil,
        contentDisposition: String? = nil, contentEncoding: String? = nil, contentLanguage: String? = nil,
        metadata: [String: String?]? = nil
    ) {
        self.name = name
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.metadata = metadata
    }
}
