/// flickr.tags.getRelated: the tags most often found with `source` (reference §1.5).
public struct FlickrRelatedTags: FlickrRootRecord, Hashable {
    public static let element = "tags"

    public var source: String
    public var tag: [FlickrContent]

    public init(source: String, tag: [FlickrContent]) {
        self.source = source
        self.tag = tag
    }
}
