import FeedModels
import Foundation

/// What adding a photo to an album or taking it out left: the photo and the album as its owner now sees them.
public struct CollectionMembership: Sendable, Hashable {
    public var photo: PhotoRecord
    public var collection: CollectionRecord
}
