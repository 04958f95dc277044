/// A URL and what it is: `<url type="photopage">https://…</url>` (getInfo), `<url type="site">` (Commons
/// institutions).
public struct FlickrTypedURL: Codable, Sendable, Hashable {
    public var type: String
    public var content: String

    public init(type: String, content: String) {
        self.type = type
        self.content = content
    }

    enum CodingKeys: String, CodingKey {
        case type
        case content = "_content"
    }
}
