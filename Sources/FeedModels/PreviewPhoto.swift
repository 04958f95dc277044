import Foundation

/// A photo as previews show it (album and topic previews, a profile's latest photos): `{id, created_at, updated_at,
/// blur_hash, urls}`.
public struct PreviewPhoto: Codable, Sendable, Hashable {
    public var id: String
    public var createdAt: Date
    public var updatedAt: Date
    public var blurHash: String?
    public var urls: PhotoURLs

    public init(id: String, createdAt: Date, updatedAt: Date, blurHash: String?, urls: PhotoURLs) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.blurHash = blurHash
        self.urls = urls
    }

    enum CodingKeys: String, CodingKey {
        case id, urls
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case blurHash = "blur_hash"
    }

    /// Unsplash's previews were `{id, urls}` until 2020 (reference §3.2, §3.3); the dates then default to the epoch.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt) ?? Date(timeIntervalSince1970: 0)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt) ?? createdAt
        blurHash = try container.decodeIfPresent(String.self, forKey: .blurHash)
        urls = try container.decode(PhotoURLs.self, forKey: .urls)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(blurHash, forKey: .blurHash)
        try container.encode(urls, forKey: .urls)
    }
}
