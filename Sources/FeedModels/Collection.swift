import Foundation

/// An album, shaped as an Unsplash collection.
public struct Collection: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String
    public var description: String?
    public var publishedAt: Date
    public var lastCollectedAt: Date?
    public var updatedAt: Date
    public var featured: Bool
    public var totalPhotos: Int
    public var `private`: Bool
    public var shareKey: String?
    public var coverPhoto: Photo?
    public var user: User
    public var links: CollectionLinks
    /// Always false: the library has no editors' curation of albums.
    public var curated: Bool
    /// The tags most of the album's photos carry.
    public var tags: [Tag]
    /// The album's newest photos (null when it has none).
    public var previewPhotos: [PreviewPhoto]?
    /// Only on a single album (`GET /collections/:id`).
    public var meta: CollectionMeta?

    public init(
        id: String, title: String, description: String?, publishedAt: Date, lastCollectedAt: Date?,
        updatedAt: Date, totalPhotos: Int, isPrivate: Bool, coverPhoto: Photo?, user: User, links: CollectionLinks
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.publishedAt = publishedAt
        self.lastCollectedAt = lastCollectedAt
        self.updatedAt = updatedAt
        self.featured = false
        self.totalPhotos = totalPhotos
        self.private = isPrivate
        self.shareKey = nil
        self.coverPhoto = coverPhoto
        self.user = user
        self.links = links
        self.curated = false
        self.tags = []
        self.previewPhotos = nil
        self.meta = nil
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, featured, user, links, curated, tags, meta
        case previewPhotos = "preview_photos"
        case `private`
        case publishedAt = "published_at"
        case lastCollectedAt = "last_collected_at"
        case updatedAt = "updated_at"
        case totalPhotos = "total_photos"
        case shareKey = "share_key"
        case coverPhoto = "cover_photo"
    }
}

extension Collection {
    /// Nullable keys are sent as explicit `null`, as Unsplash does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(publishedAt, forKey: .publishedAt)
        try container.encode(lastCollectedAt, forKey: .lastCollectedAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(featured, forKey: .featured)
        try container.encode(totalPhotos, forKey: .totalPhotos)
        try container.encode(`private`, forKey: .private)
        try container.encode(shareKey, forKey: .shareKey)
        try container.encode(coverPhoto, forKey: .coverPhoto)
        try container.encode(user, forKey: .user)
        try container.encode(links, forKey: .links)
        try container.encode(curated, forKey: .curated)
        try container.encode(tags, forKey: .tags)
        try container.encode(previewPhotos, forKey: .previewPhotos)
        try container.encodeIfPresent(meta, forKey: .meta)
    }
}
