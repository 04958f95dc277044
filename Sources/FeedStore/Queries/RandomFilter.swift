import FeedModels
import Foundation
import SQLKit

/// Filters of `/photos/random`.
public struct RandomFilter: Sendable, Hashable {
    /// Only this user's photos (by username, ignoring case); an unknown user is `.notFound("User")`.
    public var username: String?
    public var collectionIDs: [String]
    public var text: String?
    public var orientation: PhotoOrientation?
    /// Only photos of these topics (ids or slugs), any of them.
    public var topics: [String]

    public init(
        username: String? = nil, collectionIDs: [String] = [], text: String? = nil,
        orientation: PhotoOrientation? = nil,
        topics: [String] = []
    ) {
        self.username = username
        self.collectionIDs = collectionIDs
        self.text = text
        self.orientation = orientation
        self.topics = topics
    }
}
