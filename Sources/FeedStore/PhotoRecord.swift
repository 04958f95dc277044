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
