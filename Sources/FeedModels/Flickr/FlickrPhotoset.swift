/// An album as Flickr's photoset: an item of flickr.photosets.getList, and the answer of flickr.photosets.getInfo
/// (which adds the owner and the counts by kind).
public struct FlickrPhotoset: FlickrRootRecord, Hashable {
    public static let element = "photoset"

    public var id: String
    /// getInfo only: the owner's NSID and username.
    public var owner: String?
    public var username: String?
    public var primary: String
    public var secret: String
    public var server: String
    public var farm: Int
    public var photos: Int
    public var videos: Int
    public var countViews: String
    public var countComments: String
    /// getInfo only.
    public var countPhotos: Int?
    public var countVideos: Int?
    public var canComment: Int
    public var dateCreate: String
    public var dateUpdate: String
    public var title: FlickrContent
    public var description: FlickrContent

    public init(
        id: String, owner: String? = nil, username: String? = nil, primary: String, secret: String, server: String,
        farm: Int, photos: Int, countViews: String, countComments: String = "0", withCounts: Bool = false,
        dateCreate: String, dateUpdate: String, title: String, description: String
    ) {
        self.id = id
        self.owner = owner
        self.username = username
        self.primary = primary
        self.secret = secret
        self.server = server
        self.farm = farm
        self.photos = photos
        self.videos = 0
        self.countViews = countViews
        self.countComments = countComments
        self.countPhotos = withCounts ? photos : nil
        self.countVideos = withCounts ? 0 : nil
        self.canComment = 0
        self.dateCreate = dateCreate
        self.dateUpdate = dateUpdate
        self.title = FlickrContent(title)
        self.description = FlickrContent(description)
    }

    enum CodingKeys: String, CodingKey {
        case id, owner, username, primary, secret, server, farm, photos, videos
        case countViews = "count_views"
        case countComments = "count_comments"
        case countPhotos = "count_photos"
        case countVideos = "count_videos"
        case canComment = "can_comment"
        case dateCreate = "date_create"
        case dateUpdate = "date_update"
        case title, description
    }
}
