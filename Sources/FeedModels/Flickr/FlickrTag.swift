/// A tag of a photo as getInfo and tags.getListPhoto give it: the raw tag as typed and, as text, its normalised
/// form (lower case, no spaces).
public struct FlickrTag: Codable, Sendable, Hashable {
    public var id: String
    /// The NSID of whoever added it.
    public var author: String
    public var authorName: String
    public var raw: String
    public var content: String
    public var machineTag: Int

    public init(id: String, author: String, authorName: String, raw: String, content: String, machineTag: Int = 0) {
        self.id = id
        self.author = author
        self.authorName = authorName
        self.raw = raw
        self.content = content
        self.machineTag = machineTag
    }

    enum CodingKeys: String, CodingKey {
        case id, author
        case authorName = "authorname"
        case raw
        case content = "_content"
        case machineTag = "machine_tag"
    }
}
