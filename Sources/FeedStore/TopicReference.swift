import Foundation

/// A topic as a photo names it.
public struct TopicReference: Sendable, Hashable {
    public var id: String
    public var slug: String
    public var title: String
    public var featured: Bool
}
