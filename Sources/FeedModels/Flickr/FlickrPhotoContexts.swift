/// flickr.photos.getAllContexts: the albums (`<set>`) and groups (`<pool>`) a photo is in, each directly under
/// `<rsp>`; a photo in none answers an empty `<rsp>`, as Flickr does.
public struct FlickrPhotoContexts: Codable, Sendable, Hashable {
    public var set: [PhotosetContext]
    /// Groups; the library has none.
    public var pool: [Pool]

    public init(set: [PhotosetContext], pool: [Pool] = []) {
        self.set = set
        self.pool = pool
    }

    enum CodingKeys: String, CodingKey {
        case set, pool
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        set = try container.decodeIfPresent([PhotosetContext].self, forKey: .set) ?? []
        pool = try container.decodeIfPresent([Pool].self, forKey: .pool) ?? []
    }

    /// Empty lists are left out, as Flickr leaves them out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !set.isEmpty { try container.encode(set, forKey: .set) }
        if !pool.isEmpty { try container.encode(pool, forKey: .pool) }
    }

    /// An album holding the photo.
    public struct PhotosetContext: Codable, Sendable, Hashable {
        public var title: String
        public var id: String
        public var primary: String
        public var secret: String
        public var server: String
        public var farm: Int
        public var viewCount: String
        public var commentCount: String
        public var countPhoto: String
        public var countVideo: String

        public init(
            title: String, id: String, primary: String, secret: String, server: String, farm: Int, countPhoto: Int
        ) {
            self.title = title
            self.id = id
            self.primary = primary
            self.secret = secret
            self.server = server
            self.farm = farm
            self.viewCount = "0"
            self.commentCount = "0"
            self.countPhoto = String(countPhoto)
            self.countVideo = "0"
        }

        enum CodingKeys: String, CodingKey {
            case title, id, primary, secret, server, farm
            case viewCount = "view_count"
            case commentCount = "comment_count"
            case countPhoto = "count_photo"
            case countVideo = "count_video"
        }
    }

    /// A group pool holding the photo.
    public struct Pool: Codable, Sendable, Hashable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }
}
