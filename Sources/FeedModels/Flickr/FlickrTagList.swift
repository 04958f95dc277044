/// `<tags>` around a photo's tags; an empty list for a photo without any.
public struct FlickrTagList: Codable, Sendable, Hashable {
    public var tag: [FlickrTag]

    public init(tag: [FlickrTag]) {
        self.tag = tag
    }
}
