import Foundation

/// A topic as a photo lists it (`topics` of a full photo).
public struct PhotoTopic: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var slug: String
    public var visibility: String

    public init(id: String, title: String, slug: String, visibility: String) {
        self.id = id
        self.title = title
        self.slug = slug
        self.visibility = visibility
    }
}
