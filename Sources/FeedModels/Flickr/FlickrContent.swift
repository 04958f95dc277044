/// An element holding only text: `<title>Sea</title>`, `"title":{"_content":"Sea"}`.
public struct FlickrContent: Codable, Sendable, Hashable, ExpressibleByStringLiteral {
    public var content: String

    public init(_ content: String) {
        self.content = content
    }

    public init(stringLiteral value: String) {
        self.content = value
    }

    enum CodingKeys: String, CodingKey {
        case content = "_content"
    }

    /// Reads the text whether Flickr wrote it as a string or a number (`"count":{"_content":449}`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        content = try container.decodeFlickrStringIfPresent(forKey: .content) ?? ""
    }
}
