import Foundation

/// A photo as the Unsplash API shapes it (`/photos`, `/photos/:id`, search results, likes).
///
/// The same value serves lists ("basic") and single photos ("full"): the full-only keys (`exif`, `location`,
/// `views`, `downloads`) are optional so decoders of either shape accept it.
public struct Photo: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var slug: String
    public var createdAt: Date
    public var updatedAt: Date
    public var promotedAt: Date?
    public var width: Int
    public var height: Int
    /// Dominant colour, `#rrggbb`.
    public var color: String
    public var blurHash: String?
    public var description: String?
    public var altDescription: String?
    public var breadcrumbs: [String]
    public var urls: PhotoURLs
    public var links: PhotoLinks
    public var likes: Int
    public var likedByUser: Bool
    public var currentUserCollections: [CollectionReference]
    public var user: User
    public var exif: Exif?
    public var location: Location?
    public var tags: [Tag]
    public var views: Int?
    public var downloads: Int?
    /// Extension: when the picture was taken, from EXIF.
    public var takenAt: Date?
    /// Extension: the original file's size in bytes and format.
    public var original: OriginalFile?
    /// Full photo only: the topics it is in. A full photo also carries `meta`, `public_domain` and `tags_preview`.
    public var topics: [PhotoTopic]?
    /// With `stats=true` on a person's photos: its downloads, views and likes.
    public var statistics: PhotoStatistics?
    /// Extension: the licence, when known.
    public var license: PhotoLicense?
    /// Extension: the service a photo brought in from elsewhere comes from, and whom to credit.
    public var source: PhotoSource?

    /// Whether this is a full photo (`GET /photos/:id`, `/photos/random`).
    public var isFull: Bool { topics != nil }

    public init(
        id: String, slug: String, createdAt: Date, updatedAt: Date, promotedAt: Date? = nil,
        width: Int, height: Int, color: String, blurHash: String?, description: String?, altDescription: String?,
        breadcrumbs: [String] = [], urls: PhotoURLs, links: PhotoLinks, likes: Int, likedByUser: Bool,
        currentUserCollections: [CollectionReference] = [], user: User, exif: Exif?, location: Location?,
        tags: [Tag], views: Int?, downloads: Int?, takenAt: Date?, original: OriginalFile?
    ) {
        self.id = id
        self.slug = slug
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.promotedAt = promotedAt
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.description = description
        self.altDescription = altDescription
        self.breadcrumbs = breadcrumbs
        self.urls = urls
        self.links = links
        self.likes = likes
        self.likedByUser = likedByUser
        self.currentUserCollections = currentUserCollections
        self.user = user
        self.exif = exif
        self.location = location
        self.tags = tags
        self.views = views
        self.downloads = downloads
        self.takenAt = takenAt
        self.original = original
        self.topics = nil
        self.statistics = nil
        self.license = nil
        self.source = nil
    }

    enum CodingKeys: String, CodingKey {
        case id, slug, width, height, color, description, breadcrumbs, urls, links, likes, user, exif, location
        case tags, views, downloads, original, sponsorship, topics, meta, statistics, license, source
        case topicSubmissions = "topic_submissions"
        case assetType = "asset_type"
        case publicDomain = "public_domain"
        case tagsPreview = "tags_preview"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case promotedAt = "promoted_at"
        case blurHash = "blur_hash"
        case altDescription = "alt_description"
        case likedByUser = "liked_by_user"
        case currentUserCollections = "current_user_collections"
        case takenAt = "taken_at"
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
