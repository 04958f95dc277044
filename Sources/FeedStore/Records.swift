import FeedModels
import Foundation

/// A photo row with its owner, its tags and whether the viewer likes it: everything the API needs to shape one.
public struct PhotoRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var slug: String
    public var owner: UserRecord
    public var createdAt: Date
    public var updatedAt: Date
    public var takenAt: Date?
    public var width: Int
    public var height: Int
    public var color: String
    public var blurHash: String?
    public var description: String?
    public var altDescription: String?
    public var camera: CameraSettings
    public var place: Place
    public var likes: Int
    public var downloads: Int
    public var views: Int
    public var sha256: String
    public var bytes: Int
    public var format: String
    public var tags: [String]
    public var likedByViewer: Bool
    /// The topics the photo is in; read only for a single photo (``LibraryStore/photo(idOrSlug:viewerID:)``).
    public var topics: [TopicReference] = []
    /// The stable numeric id the Flickr, Pixabay and JSONPlaceholder dialects use.
    public var number: Int64 = 0
    /// One of ``PhotoLicense/known``'s ids, when the owner or the source said.
    public var license: String?
    /// For a photo brought in from a remote source: where it comes from and whom to credit.
    public var source: PhotoSource?
}

/// EXIF camera settings, in Unsplash's string forms.
public struct CameraSettings: Sendable, Hashable, Codable {
    public var make: String?
    public var model: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?

    public init(
        make: String? = nil, model: String? = nil, exposureTime: String? = nil, aperture: String? = nil,
        focalLength: String? = nil, iso: Int? = nil
    ) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }
}

/// Where a photo was taken: names and, when known, coordinates.
public struct Place: Sendable, Hashable, Codable {
    public var name: String?
    public var city: String?
    public var country: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(
        name: String? = nil, city: String? = nil, country: String? = nil, latitude: Double? = nil,
        longitude: Double? = nil
    ) {
        self.name = name
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A user row.
public struct UserRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var username: String
    public var firstName: String
    public var lastName: String?
    public var email: String?
    public var bio: String?
    public var location: String?
    public var portfolioURL: String?
    public var instagramUsername: String?
    public var totalPhotos: Int
    public var totalLikes: Int
    public var totalCollections: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// The uploaded avatar's original (content-addressed like photos), when one was uploaded.
    public var avatarSHA256: String?
    public var avatarFormat: String?
    /// The device chosen for wallpaper downloads (an id of the device catalogue).
    public var deviceID: String?
    /// The language chosen for the web app and the server's pages (a catalogue's code); nil follows the browser.
    /// Read only with the account's own columns (not for the owner of each photo of a list).
    public var language: String? = nil
    /// Whether the exact coordinates of this user's photos are public; otherwise they are rounded to about 1 km.
    public var exactLocationPublic: Bool
    /// The stable numeric id the Flickr, Pixabay and JSONPlaceholder dialects use.
    public var number: Int64 = 0
    /// Postal address and contact details, as JSONPlaceholder's users carry them.
    public var contact = ContactDetails()

    /// First and last name, or `""` when neither is set.
    public var fullName: String { [firstName, lastName ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }

    /// The name to show: the full name, or the username when there is none.
    public var displayName: String { fullName.isEmpty ? username : fullName }
}

/// An album row with its owner.
public struct CollectionRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var owner: UserRecord
    public var title: String
    public var description: String?
    public var isPrivate: Bool
    public var coverPhotoID: String?
    public var totalPhotos: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var lastCollectedAt: Date?
    /// The cover photo as the viewer sees it, read with the album; nil when the album is empty.
    public var coverPhoto: PhotoRecord?
    /// The album's newest photos, newest first (at most four), read with the album.
    public var previewPhotos: [PhotoPreview] = []
    /// The tags most of the album's photos carry, most frequent first (at most five).
    public var tags: [String] = []
    /// The stable numeric id the Flickr, Pixabay and JSONPlaceholder dialects use.
    public var number: Int64 = 0
}

/// Everything the importer knows about a new photo, ready to be recorded.
public struct NewPhoto: Sendable, Hashable {
    public var id: String
    public var ownerID: String
    public var title: String?
    public var altDescription: String?
    public var width: Int
    public var height: Int
    public var color: String
    public var colorName: String
    public var blurHash: String?
    public var takenAt: Date?
    public var camera: CameraSettings
    public var place: Place
    public var sha256: String
    public var bytes: Int
    public var format: String
    public var tags: [String]
    public var collectionIDs: [String]
    /// One of ``PhotoLicense/known``'s ids.
    public var license: String?
    /// For a photo brought in from a source: whom to credit, and what ties the row to the remote photo.
    public var source: PhotoSource?
    public var sourceLink: SourceLink?
    public var createdAt: Date

    public init(
        id: String, ownerID: String, title: String?, altDescription: String?, width: Int, height: Int,
        color: String, colorName: String, blurHash: String?, takenAt: Date?, camera: CameraSettings, place: Place,
        sha256: String, bytes: Int, format: String, tags: [String], collectionIDs: [String] = [],
        license: String? = nil, source: PhotoSource? = nil, sourceLink: SourceLink? = nil, createdAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.altDescription = altDescription
        self.width = width
        self.height = height
        self.color = color
        self.colorName = colorName
        self.blurHash = blurHash
        self.takenAt = takenAt
        self.camera = camera
        self.place = place
        self.sha256 = sha256
        self.bytes = bytes
        self.format = format
        self.tags = tags
        self.collectionIDs = collectionIDs
        self.license = license
        self.source = source
        self.sourceLink = sourceLink
        self.createdAt = createdAt
    }
}

/// A page of a list: the items and the size of the whole list.
public struct Page<Item: Sendable & Hashable>: Sendable, Hashable {
    public var items: [Item]
    public var total: Int

    public init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}

/// Which page of a list to read. `number` starts at 1.
public struct PageRequest: Sendable, Hashable {
    public var number: Int
    public var size: Int

    public init(number: Int, size: Int) {
        self.number = max(1, number)
        self.size = max(1, size)
    }

    var offset: Int { (number - 1) * size }
}

/// Feed orders, as Unsplash names them.
public enum PhotoOrder: String, Sendable, CaseIterable {
    case latest, oldest, popular
}

/// What a like or an unlike left: the photo as the person who liked it now sees it, and that person.
public struct LikeChange: Sendable, Hashable {
    public var photo: PhotoRecord
    public var user: UserRecord
}

/// The few facts serving a photo's image needs, without its owner, tags or counts.
public struct ImageSource: Sendable, Hashable {
    public var photoID: String
    public var slug: String
    public var width: Int
    public var height: Int
    public var original: StoredOriginal
    /// Where the images of a hotlinked photo are; nil for a photo whose files are here.
    public var hotlink: RemoteImage?
}

/// What adding a photo to an album or taking it out left: the photo and the album as its owner now sees them.
public struct CollectionMembership: Sendable, Hashable {
    public var photo: PhotoRecord
    public var collection: CollectionRecord
}
