import Foundation

/// What a new or changed topic says; nil leaves a field as it is.
public struct TopicChanges: Sendable, Hashable {
    public var title: String?
    public var slug: String?
    public var description: String?
    public var tags: [String]?
    public var collectionIDs: [String]?
    public var featured: Bool?
    public var position: Int?

    public init(
        title: String? = nil, slug: String? = nil, description: String? = nil, tags: [String]? = nil,
        collectionIDs: [String]? = nil, featured: Bool? = nil, position: Int? = nil
    ) {
        self.title = title
        self.slug = slug
        self.description = description
        self.tags = tags
        self.collectionIDs = collectionIDs
        self.featured = featured
        self.position = position
    }
}
