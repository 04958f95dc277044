/// flickr.people.getInfo: a person, their names and pages, and when their photos start.
public struct FlickrPerson: FlickrRootRecord, Hashable {
    public static let element = "person"

    public var id: String
    public var nsid: String
    public var isPro: Int
    public var isDeleted: Int
    public var iconServer: String
    public var iconFarm: Int
    public var pathAlias: String
    public var username: FlickrContent
    public var realName: FlickrContent
    public var location: FlickrContent
    public var description: FlickrContent
    public var photosURL: FlickrContent
    public var profileURL: FlickrContent
    public var mobileURL: FlickrContent
    public var photos: Photos

    public init(
        nsid: String, isPro: Int = 0, isDeleted: Int = 0, iconServer: String, iconFarm: Int, pathAlias: String,
        username: String, realName: String, location: String, description: String, photosURL: String,
        profileURL: String, mobileURL: String, photos: Photos
    ) {
        self.id = nsid
        self.nsid = nsid
        self.isPro = isPro
        self.isDeleted = isDeleted
        self.iconServer = iconServer
        self.iconFarm = iconFarm
        self.pathAlias = pathAlias
        self.username = FlickrContent(username)
        self.realName = FlickrContent(realName)
        self.location = FlickrContent(location)
        self.description = FlickrContent(description)
        self.photosURL = FlickrContent(photosURL)
        self.profileURL = FlickrContent(profileURL)
        self.mobileURL = FlickrContent(mobileURL)
        self.photos = photos
    }

    enum CodingKeys: String, CodingKey {
        case id, nsid
        case isPro = "ispro"
        case isDeleted = "is_deleted"
        case iconServer = "iconserver"
        case iconFarm = "iconfarm"
        case pathAlias = "path_alias"
        case username
        case realName = "realname"
        case location, description
        case photosURL = "photosurl"
        case profileURL = "profileurl"
        case mobileURL = "mobileurl"
        case photos
    }

    /// The first upload (unix time), the first photo taken (MySQL datetime; `""` when none says) and the count.
    public struct Photos: Codable, Sendable, Hashable {
        public var firstDate: FlickrContent
        public var firstDateTaken: FlickrContent
        public var count: FlickrContent

        public init(firstDate: String, firstDateTaken: String, count: Int) {
            self.firstDate = FlickrContent(firstDate)
            self.firstDateTaken = FlickrContent(firstDateTaken)
            self.count = FlickrContent(String(count))
        }

        enum CodingKeys: String, CodingKey {
            case firstDate = "firstdate"
            case firstDateTaken = "firstdatetaken"
            case count
        }
    }
}
