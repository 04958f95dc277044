import Foundation

/// A topic: a named, curated group of photos, which a photo joins by carrying one of the topic's tags or by being in
/// one of its (public) albums.
public struct TopicRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var slug: String
    public var title: String
    public var description: String?
    public var featured: Bool
    /// Where the topic stands in the bar (`order_by=position`), smallest first.
    public var position: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var tags: [String]
    public var collectionIDs: [String]
    public var totalPhotos: Int
    /// The topic's newest photos, newest first: the first is the cover.
    public var previewPhotos: [PhotoPreview]
    /// The owners of the topic's albums: the people who curate it.
    public var owners: [UserRecord]
    /// The newest photo, as the viewer sees it.
    public var coverPhoto: PhotoRecord?
    /// The people with the most photos in it, most first (at most five); only on a single topic.
    public var topContributors: [UserRecord]?
}
