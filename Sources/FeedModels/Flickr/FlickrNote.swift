/// A note drawn on a photo (getInfo's `<notes>`): its box and text. The library keeps no notes; the type gives the
/// empty list Flickr sends its element type.
public struct FlickrNote: Codable, Sendable, Hashable {
    public var id: String
    public var author: String
    public var authorName: String
    public var x: String
    public var y: String
    public var w: String
    public var h: String
    public var content: String

    public init(
        id: String, author: String, authorName: String, x: String, y: String, w: String, h: String, content: String
    ) {
        self.id = id
        self.author = author
        self.authorName = authorName
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.content = content
    }

    enum CodingKeys: String, CodingKey {
        case id, author
        case authorName = "authorname"
        case x, y, w, h
        case content = "_content"
    }
}
