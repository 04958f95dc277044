import FeedModels
import Foundation
import SQLKit

/// A liked photo and when it was liked.
public struct FavoritePhoto: Sendable, Hashable {
    public var photo: PhotoRecord
    public var likedAt: Date
}
