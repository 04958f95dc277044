/// flickr.photos.people.getList: the people tagged in a photo. The library tags no one, so the list is Flickr's
/// empty one, with the photo's size.
public struct FlickrPhotoPeople: FlickrRootRecord, Hashable {
    public static let element = "people"

    public var total: Int
    public var photoWidth: String
    public var photoHeight: String
    public var person: [Person]

    public init(photoWidth: Int, photoHeight: Int, person: [Person] = []) {
        self.total = person.count
        self.photoWidth = String(photoWidth)
        self.photoHeight = String(photoHeight)
        self.person = person
    }

    enum CodingKeys: String, CodingKey {
        case total
        case photoWidth = "photo_width"
        case photoHeight = "photo_height"
        case person
    }

    /// A person tagged in the photo.
    public struct Person: Codable, Sendable, Hashable {
        public var nsid: String
        public var username: String
        public var iconServer: String
        public var iconFarm: Int
        public var realName: String
        public var addedBy: String

        public init(
            nsid: String, username: String, iconServer: String, iconFarm: Int, realName: String, addedBy: String
        ) {
            self.nsid = nsid
            self.username = username
            self.iconServer = iconServer
            self.iconFarm = iconFarm
            self.realName = realName
            self.addedBy = addedBy
        }

        enum CodingKeys: String, CodingKey {
            case nsid, username
            case iconServer = "iconserver"
            case iconFarm = "iconfarm"
            case realName = "realname"
            case addedBy = "added_by"
        }
    }
}
