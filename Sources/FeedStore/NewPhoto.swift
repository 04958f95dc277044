import FeedModels
import Foundation

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
