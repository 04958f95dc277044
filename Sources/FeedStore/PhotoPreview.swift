import Foundation

/// The few facts of a photo that previews (album and topic previews, a profile's latest photos) show.
public struct PhotoPreview: Sendable, Hashable {
    public var id: String
    public var createdAt: Date
    public var updatedAt: Date
    public var blurHash: String?
}
