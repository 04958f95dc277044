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

/// The imgix-style image URLs of a photo. All are absolute.
public struct PhotoURLs: Codable, Sendable, Hashable {
    public var raw: String
    public var full: String
    public var regular: String
    public var small: String
    public var thumb: String
    public var smallS3: String

    public init(raw: String, full: String, regular: String, small: String, thumb: String, smallS3: String) {
        self.raw = raw
        self.full = full
        self.regular = regular
        self.small = small
        self.thumb = thumb
        self.smallS3 = smallS3
    }

    enum CodingKeys: String, CodingKey {
        case raw, full, regular, small, thumb
        case smallS3 = "small_s3"
    }

    /// Unsplash added `small_s3` in 2021; older photos and preview photos lack it, and then it is `small`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        raw = try container.decode(String.self, forKey: .raw)
        full = try container.decode(String.self, forKey: .full)
        regular = try container.decode(String.self, forKey: .regular)
        small = try container.decode(String.self, forKey: .small)
        thumb = try container.decode(String.self, forKey: .thumb)
        smallS3 = try container.decodeIfPresent(String.self, forKey: .smallS3) ?? small
    }
}

/// Where a photo lives on the API and on the web.
public struct PhotoLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var download: String
    public var downloadLocation: String

    public init(self selfLink: String, html: String, download: String, downloadLocation: String) {
        self.`self` = selfLink
        self.html = html
        self.download = download
        self.downloadLocation = downloadLocation
    }

    enum CodingKeys: String, CodingKey {
        case `self`, html, download
        case downloadLocation = "download_location"
    }
}

/// Camera settings as Unsplash reports them: exposure, aperture and focal length are strings, ISO an integer.
public struct Exif: Codable, Sendable, Hashable {
    public var make: String?
    public var model: String?
    public var name: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?

    public init(
        make: String?, model: String?, exposureTime: String?, aperture: String?, focalLength: String?, iso: Int?
    ) {
        self.make = make
        self.model = model
        self.name = [make, model].compactMap { $0 }.joined(separator: ", ").nilIfEmpty
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }

    enum CodingKeys: String, CodingKey {
        case make, model, name, aperture, iso
        case exposureTime = "exposure_time"
        case focalLength = "focal_length"
    }
}

/// Where a photo was taken.
public struct Location: Codable, Sendable, Hashable {
    enum CodingKeys: String, CodingKey {
        case name, city, country, position
    }

    public var name: String?
    public var city: String?
    public var country: String?
    public var position: Position?

    public init(name: String?, city: String?, country: String?, position: Position?) {
        self.name = name
        self.city = city
        self.country = country
        self.position = position
    }

    /// Unsplash sends `{"latitude": null, "longitude": null}` for a place without coordinates: no position.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        city = try container.decodeIfPresent(String.self, forKey: .city)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        position = try container.decodeIfPresent(OptionalPosition.self, forKey: .position)?.position
    }

    /// A position whose coordinates may be null.
    private struct OptionalPosition: Decodable {
        var latitude: Double?
        var longitude: Double?

        var position: Position? {
            guard let latitude, let longitude else { return nil }
            return Position(latitude: latitude, longitude: longitude)
        }
    }
}

/// A latitude/longitude pair in degrees.
public struct Position: Codable, Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A search tag (`{"type": "search", "title": "flower"}`).
public struct Tag: Codable, Sendable, Hashable {
    public var type: String
    public var title: String

    public init(type: String = "search", title: String) {
        self.type = type
        self.title = title
    }

    enum CodingKeys: String, CodingKey {
        case type, title
    }

    /// Unsplash's older tags (and collections' tags) are `{"title": …}` alone: a search tag.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "search"
        title = try container.decode(String.self, forKey: .title)
    }
}

/// Extension: facts about the original file.
public struct OriginalFile: Codable, Sendable, Hashable {
    public var bytes: Int
    public var format: String

    public init(bytes: Int, format: String) {
        self.bytes = bytes
        self.format = format
    }
}

/// The small collection reference Unsplash nests in `current_user_collections`.
public struct CollectionReference: Codable, Sendable, Hashable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
