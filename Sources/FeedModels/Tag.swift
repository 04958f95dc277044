import Foundation

/// A search tag (`{"type": "search", "title": "flower"}`).
public struct Tag: Codable, Sendable, Hashable {
    public var type: String
    public var title: String

    public init(type: String = "search", title: String) {
        self.type = type
        self.title = title
    }

    enum CodingKeys: String, CodingKey {
        case type, title
    }

    /// Unsplash's older tags (and collections' tags) are `{"title": …}` alone: a search tag.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "search"
        title = try container.decode(String.self, forKey: .title)
    }
}
