import FeedModels
import Foundation

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
