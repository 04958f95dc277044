/// flickr.tags.getHotList: the tags most used lately, each with its score.
public struct FlickrHotTags: FlickrRootRecord, Hashable {
    public static let element = "hottags"

    public var period: String
    public var count: Int
    public var tag: [Tag]

    public init(period: String, count: Int, tag: [Tag]) {
        self.period = period
        self.count = count
        self.tag = tag
    }

    /// `<tag score="20">sea</tag>`.
    public struct Tag: Codable, Sendable, Hashable {
        public var score: String
        public var content: String

        public init(score: String, content: String) {
            self.score = score
            self.content = content
        }

        enum CodingKeys: String, CodingKey {
            case score
            case content = "_content"
        }
    }
}
