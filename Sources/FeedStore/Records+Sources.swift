import FeedModels
import Foundation

/// A remote source the library fills itself from.
public struct SourceRecord: Sendable, Hashable, Identifiable {
    public var id: String
    /// The name the owner calls it by (`imagefeed sources sync NAME`).
    public var name: String
    /// Which connector reads it: `unsplash`, `imagefeed`, `pixabay` or `flickr`.
    public var kind: String
    /// The API's root.
    public var apiURL: String
    /// The key the service gave the owner. Stored here, never written to a log.
    public var credential: String
    /// What to bring in, as the connector's options (`query`, `topic`, `tags`, `licenses`, …).
    public var options: [String: String]
    public var createdAt: Date
    public var lastSyncAt: Date?
    /// One line on how the last sync ended.
    public var lastSyncSummary: String?
    /// How many photos it has brought in (and still has).
    public var photoCount: Int = 0

    public init(
        id: String = Identifier.make(), name: String, kind: String, apiURL: String, credential: String,
        options: [String: String], createdAt: Date = Date(), lastSyncAt: Date? = nil, lastSyncSummary: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.apiURL = apiURL
        self.credential = credential
        self.options = options
        self.createdAt = createdAt
        self.lastSyncAt = lastSyncAt
        self.lastSyncSummary = lastSyncSummary
    }
}

/// How the images of a hotlinked photo are reached at its source.
public enum RemoteImage: Codable, Sendable, Hashable {
    /// An imgix-style base URL that takes `w, h, fit, crop, q, fm, dpr` (Unsplash, another ImageFeed server).
    case imgix(String)
    /// Fixed sizes, each with its URL (Flickr's size ladder), smallest first.
    case sized([SizedImage])
}

/// One fixed size of a remote image.
public struct SizedImage: Codable, Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var url: String

    public init(width: Int, height: Int, url: String) {
        self.width = width
        self.height = height
        self.url = url
    }
}

/// What ties a photo row to the remote photo it was made from.
public struct SourceLink: Sendable, Hashable {
    public var sourceID: String
    /// The photo's id at the source.
    public var remoteID: String
    /// A digest of everything the source said about the photo: a different one on a later sync means it changed.
    public var fingerprint: String
    /// Where its images are, for a hotlinked photo; nil for a downloaded one (its files are here).
    public var hotlink: RemoteImage?
    /// The URL the source asks to be called when the photo is downloaded (Unsplash's `download_location`).
    public var downloadLocation: String?

    public init(sourceID: String, remoteID: String, fingerprint: String, hotlink: RemoteImage?, downloadLocation: String?) {
        self.sourceID = sourceID
        self.remoteID = remoteID
        self.fingerprint = fingerprint
        self.hotlink = hotlink
        self.downloadLocation = downloadLocation
    }
}

/// A photo a source brought in, as the next sync compares it with what the source says now.
public struct KnownRemotePhoto: Sendable, Hashable {
    public var photoID: String
    public var fingerprint: String
    public var isHotlinked: Bool
    /// Whether it was marked removed at the source (downloaded photos are kept, marked).
    public var isRemoved: Bool
    /// When a sync last saw it at the source.
    public var syncedAt: Date
}

/// A photographer at a source, who becomes a local person without a password (nobody can sign in as them).
public struct RemoteAuthor: Sendable, Hashable {
    /// Their id at the source.
    public var remoteID: String
    /// Their username at the source; the local username is made from it.
    public var username: String
    public var firstName: String
    public var lastName: String?
    public var bio: String?
    /// Their page at the source.
    public var profileURL: String?

    public init(
        remoteID: String, username: String, firstName: String, lastName: String? = nil, bio: String? = nil,
        profileURL: String? = nil
    ) {
        self.remoteID = remoteID
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.bio = bio
        self.profileURL = profileURL
    }
}

/// What a source says a photo is now: everything a sync writes to its row when it changed.
public struct RemotePhotoChanges: Sendable, Hashable {
    public var description: String?
    public var altDescription: String?
    /// The new size of a hotlinked photo; nil keeps it (a downloaded photo's size is its file's).
    public var width: Int?
    public var height: Int?
    public var tags: [String]
    public var place: Place
    public var license: String?
    public var source: PhotoSource
    public var link: SourceLink

    public init(
        description: String?, altDescription: String?, width: Int?, height: Int?, tags: [String], place: Place,
        license: String?, source: PhotoSource, link: SourceLink
    ) {
        self.description = description
        self.altDescription = altDescription
        self.width = width
        self.height = height
        self.tags = tags
        self.place = place
        self.license = license
        self.source = source
        self.link = link
    }
}
