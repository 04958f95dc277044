import FeedModels
import Foundation

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
