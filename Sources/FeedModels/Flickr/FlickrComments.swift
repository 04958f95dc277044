/// flickr.photos.comments.getList: a photo's comments. The library keeps none, so the list is Flickr's empty one.
public struct FlickrComments: FlickrRootRecord, Hashable {
    public static let element = "comments"

    public var photoID: String
    public var comment: [Comment]

    public init(photoID: String, comment: [Comment] = []) {
        self.photoID = photoID
        self.comment = comment
    }

    enum CodingKeys: String, CodingKey {
        case photoID = "photo_id"
        case comment
    }

    /// A comment: its author, date, link and text.
    public struct Comment: Codable, Sendable, Hashable {
        public var id: String
        public var author: String
        public var authorName: String
        public var dateCreate: String
        public var permalink: String
        public var content: String

        public init(
            id: String, author: String, authorName: String, dateCreate: String, permalink: String, content: String
        ) {
            self.id = id
            self.author = author
            self.authorName = authorName
            self.dateCreate = dateCreate
            self.permalink = permalink
            self.content = content
        }

        enum CodingKeys: String, CodingKey {
            case id, author
            case authorName = "authorname"
            case dateCreate = "datecreate"
            case permalink
            case content = "_content"
        }
    }
}
