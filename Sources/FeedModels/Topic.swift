import Foundation

/// A topic: a curated group of photos, as Unsplash shapes it. `topContributors` is only on a single topic.
public struct Topic: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var slug: String
    public var title: String
    public var description: String?
    public var publishedAt: Date
    public var updatedAt: Date
    public var startsAt: Date
    public var endsAt: Date?
    public var onlySubmissionsAfter: Date?
    public var featured: Bool
    public var totalPhotos: Int
    /// `featured` or `visible`.
    public var visibility: String
    /// Always `open`: anyone's photos join by tag or album.
    public var status: String
    public var links: TopicLinks
    public var owners: [User]
    public var coverPhoto: Photo?
    public var previewPhotos: [PreviewPhoto]?
    /// The ids of the caller's photos in the topic (Unsplash sends photo objects; their ids are kept).
    public var currentUserContributions: [String]
    public var topContributors: [User]?

    public init(
        id: String, slug: String, title: String, description: String?, publishedAt: Date, updatedAt: Date,
        featured: Bool, totalPhotos: Int, links: TopicLinks, owners: [User], coverPhoto: Photo?,
        previewPhotos: [PreviewPhoto]?, topContributors: [User]? = nil
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.description = description
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.startsAt = publishedAt
        self.endsAt = nil
        self.onlySubmissionsAfter = nil
        self.featured = featured
        self.totalPhotos = totalPhotos
        self.visibility = featured ? "featured" : "visible"
        self.status = "open"
        self.links = links
        self.owners = owners
        self.coverPhoto = coverPhoto
        self.previewPhotos = previewPhotos
        self.currentUserContributions = []
        self.topContributors = topContributors
    }

    enum CodingKeys: String, CodingKey {
        case id, slug, title, description, featured, visibility, status, links, owners
        case publishedAt = "published_at"
        case updatedAt = "updated_at"
        case startsAt = "starts_at"
        case endsAt = "ends_at"
        case onlySubmissionsAfter = "only_submissions_after"
        case totalPhotos = "total_photos"
        case coverPhoto = "cover_photo"
        case previewPhotos = "preview_photos"
        case currentUserContributions = "current_user_contributions"
        case topContributors = "top_contributors"
    }

    /// Reads Unsplash's topics too: `current_user_contributions` there holds photo objects, read as their ids, and
    /// the optional keys may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        slug = try container.decode(String.self, forKey: .slug)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        publishedAt = try container.decode(Date.self, forKey: .publishedAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt) ?? publishedAt
        startsAt = try container.decodeIfPresent(Date.self, forKey: .startsAt) ?? publishedAt
        endsAt = try container.decodeIfPresent(Date.self, forKey: .endsAt)
        onlySubmissionsAfter = try container.decodeIfPresent(Date.self, forKey: .onlySubmissionsAfter)
        featured = try container.decodeIfPresent(Bool.self, forKey: .featured) ?? false
        totalPhotos = try container.decodeIfPresent(Int.self, forKey: .totalPhotos) ?? 0
        visibility =
            try container.decodeIfPresent(String.self, forKey: .visibility) ?? (featured ? "featured" : "visible")
        status = try container.decodeIfPresent(String.self, forKey: .status) ?? "open"
        links = try container.decode(TopicLinks.self, forKey: .links)
        owners = try container.decodeIfPresent([User].self, forKey: .owners) ?? []
        coverPhoto = try container.decodeIfPresent(Photo.self, forKey: .coverPhoto)
        previewPhotos = try container.decodeIfPresent([PreviewPhoto].self, forKey: .previewPhotos)
        currentUserContributions =
            try container.decodeIfPresent([Contribution].self, forKey: .currentUserContributions)?
            .map(\.id) ?? []
        topContributors = try container.decodeIfPresent([User].self, forKey: .topContributors)
    }

    /// A contribution: a photo id (this server) or a photo object with an `id` (Unsplash).
    private struct Contribution: Decodable {
        var id: String

        private enum Keys: String, CodingKey {
            case id
        }

        init(from decoder: any Decoder) throws {
            if let id = try? decoder.singleValueContainer().decode(String.self) {
                self.id = id
            } else {
                id = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .id)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(slug, forKey: .slug)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(publishedAt, forKey: .publishedAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(startsAt, forKey: .startsAt)
        try container.encode(endsAt, forKey: .endsAt)
        try container.encode(onlySubmissionsAfter, forKey: .onlySubmissionsAfter)
        try container.encode(featured, forKey: .featured)
        try container.encode(totalPhotos, forKey: .totalPhotos)
        try container.encode(visibility, forKey: .visibility)
        try container.encode(status, forKey: .status)
        try container.encode(links, forKey: .links)
        try container.encode(owners, forKey: .owners)
        try container.encode(coverPhoto, forKey: .coverPhoto)
        try container.encode(previewPhotos, forKey: .previewPhotos)
        try container.encode(currentUserContributions, forKey: .currentUserContributions)
        try container.encodeIfPresent(topContributors, forKey: .topContributors)
    }
}
