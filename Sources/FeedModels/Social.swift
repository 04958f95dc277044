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
        visibility = try container.decodeIfPresent(String.self, forKey: .visibility) ?? (featured ? "featured" : "visible")
        status = try container.decodeIfPresent(String.self, forKey: .status) ?? "open"
        links = try container.decode(TopicLinks.self, forKey: .links)
        owners = try container.decodeIfPresent([User].self, forKey: .owners) ?? []
        coverPhoto = try container.decodeIfPresent(Photo.self, forKey: .coverPhoto)
        previewPhotos = try container.decodeIfPresent([PreviewPhoto].self, forKey: .previewPhotos)
        currentUserContributions = try container.decodeIfPresent([Contribution].self, forKey: .currentUserContributions)?
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

/// Where a topic lives on the API and on the web.
public struct TopicLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var photos: String

    public init(self selfLink: String, html: String, photos: String) {
        self.`self` = selfLink
        self.html = html
        self.photos = photos
    }
}

/// A topic as a photo lists it (`topics` of a full photo).
public struct PhotoTopic: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var slug: String
    public var visibility: String

    public init(id: String, title: String, slug: String, visibility: String) {
        self.id = id
        self.title = title
        self.slug = slug
        self.visibility = visibility
    }
}

/// One day's count in a statistics series.
public struct StatisticsValue: Codable, Sendable, Hashable {
    /// `YYYY-MM-DD`, the UTC day.
    public var date: String
    public var value: Int

    public init(date: String, value: Int) {
        self.date = date
        self.value = value
    }
}

/// A window of days: what it added (`change`) and each day's value, oldest first.
public struct StatisticsHistory: Codable, Sendable, Hashable {
    public var change: Int
    public var resolution: String
    public var quantity: Int
    public var values: [StatisticsValue]

    public init(change: Int, resolution: String = "days", quantity: Int, values: [StatisticsValue]) {
        self.change = change
        self.resolution = resolution
        self.quantity = quantity
        self.values = values
    }
}

/// One counter: its all-time total and a window of days.
public struct StatisticsCounter: Codable, Sendable, Hashable {
    public var total: Int
    public var historical: StatisticsHistory

    public init(total: Int, historical: StatisticsHistory) {
        self.total = total
        self.historical = historical
    }
}

/// `GET /photos/:id/statistics`, `GET /users/:username/statistics` and a photo's `statistics` with `stats=true`:
/// downloads, views and likes. `id` names the photo or user, `username` the user; a photo's embedded statistics
/// have neither.
public struct PhotoStatistics: Codable, Sendable, Hashable {
    public var id: String?
    public var username: String?
    public var downloads: StatisticsCounter
    public var views: StatisticsCounter
    public var likes: StatisticsCounter

    public init(
        id: String? = nil, username: String? = nil, downloads: StatisticsCounter, views: StatisticsCounter,
        likes: StatisticsCounter
    ) {
        self.id = id
        self.username = username
        self.downloads = downloads
        self.views = views
        self.likes = likes
    }
}

/// `GET /stats/total`: the library's counters, under Unsplash's names.
public struct LibraryStatistics: Codable, Sendable, Hashable {
    public var totalPhotos: Int
    public var photoDownloads: Int
    public var photos: Int
    public var downloads: Int
    public var views: Int
    public var likes: Int
    public var photographers: Int
    public var pixels: Int
    public var downloadsPerSecond: Int
    public var viewsPerSecond: Int
    public var developers: Int
    public var applications: Int
    public var requests: Int

    public init(
        photos: Int, downloads: Int, views: Int, likes: Int, photographers: Int, pixels: Int,
        downloadsPerSecond: Int, viewsPerSecond: Int, developers: Int, applications: Int, requests: Int
    ) {
        self.totalPhotos = photos
        self.photoDownloads = downloads
        self.photos = photos
        self.downloads = downloads
        self.views = views
        self.likes = likes
        self.photographers = photographers
        self.pixels = pixels
        self.downloadsPerSecond = downloadsPerSecond
        self.viewsPerSecond = viewsPerSecond
        self.developers = developers
        self.applications = applications
        self.requests = requests
    }

    enum CodingKeys: String, CodingKey {
        case photos, downloads, views, likes, photographers, pixels, developers, applications, requests
        case totalPhotos = "total_photos"
        case photoDownloads = "photo_downloads"
        case downloadsPerSecond = "downloads_per_second"
        case viewsPerSecond = "views_per_second"
    }
}

/// `GET /stats/month`: the library's last 30 days.
public struct MonthStatistics: Codable, Sendable, Hashable {
    public var downloads: Int
    public var views: Int
    public var likes: Int
    public var newPhotos: Int
    public var newPhotographers: Int
    public var newPixels: Int
    public var newDevelopers: Int
    public var newApplications: Int
    public var newRequests: Int

    public init(
        downloads: Int, views: Int, likes: Int, newPhotos: Int, newPhotographers: Int, newPixels: Int,
        newDevelopers: Int, newApplications: Int, newRequests: Int
    ) {
        self.downloads = downloads
        self.views = views
        self.likes = likes
        self.newPhotos = newPhotos
        self.newPhotographers = newPhotographers
        self.newPixels = newPixels
        self.newDevelopers = newDevelopers
        self.newApplications = newApplications
        self.newRequests = newRequests
    }

    enum CodingKeys: String, CodingKey {
        case downloads, views, likes
        case newPhotos = "new_photos"
        case newPhotographers = "new_photographers"
        case newPixels = "new_pixels"
        case newDevelopers = "new_developers"
        case newApplications = "new_applications"
        case newRequests = "new_requests"
    }
}
