import FeedModels
import Foundation

/// What a like or an unlike left: the photo as the person who liked it now sees it, and that person.
public struct LikeChange: Sendable, Hashable {
    public var photo: PhotoRecord
    public var user: UserRecord
}
