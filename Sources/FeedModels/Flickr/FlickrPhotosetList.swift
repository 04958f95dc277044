/// flickr.photosets.getList: a page of a person's albums.
public struct FlickrPhotosetList: FlickrRootRecord, Hashable {
    public static let element = "photosets"

    public var page: Int
    public var pages: Int
    public var perPage: Int
    public var total: Int
    /// Whether the caller may make another album.
    public var canCreate: Int
    public var photoset: [FlickrPhotoset]

    public init(page: Int, pages: Int, perPage: Int, total: Int, canCreate: Int, photoset: [FlickrPhotoset]) {
        self.page = page
        self.pages = pages
        self.perPage = perPage
        self.total = total
        self.canCreate = canCreate
        self.photoset = photoset
    }

    enum CodingKeys: String, CodingKey {
        case page, pages
        case perPage = "perpage"
        case total
        case canCreate = "cancreate"
        case photoset
    }
}
