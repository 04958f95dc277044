import Foundation

/// A person as their profile shows them: the account, and what is counted about it.
public struct UserProfile: Sendable, Hashable {
    public var user: UserRecord
    public var followersCount: Int
    public var followingCount: Int
    /// Downloads of all their photos.
    public var downloads: Int
    /// Whether the person looking follows them.
    public var followedByViewer: Bool
    /// Their three newest photos.
    public var latestPhotos: [PhotoPreview]
}
