import Foundation

/// What a single album says about itself for search engines, as Unsplash's `meta`.
public struct CollectionMeta: Codable, Sendable, Hashable {
    public var title: String
    public var description: String?
    public var index: Bool
    public var canonical: String?

    public init(title: String, description: String?, index: Bool, canonical: String?) {
        self.title = title
        self.description = description
        self.index = index
        self.canonical = canonical
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(index, forKey: .index)
        try container.encode(canonical, forKey: .canonical)
    }
}
