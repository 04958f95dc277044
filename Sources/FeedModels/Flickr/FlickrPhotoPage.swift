/// A page of photos, `<photos page pages perpage total>`: the answer of flickr.photos.search, getRecent,
/// interestingness.getList, people.getPublicPhotos, favorites.getList and getPublicList (reference §1.5).
public struct FlickrPhotoPage: FlickrRootRecord, Hashable {
    public static let element = "photos"

    public var page: Int
    public var pages: Int
    public var perPage: Int
    /// A number written as text, as Flickr writes it.
    public var total: String
    public var photo: [FlickrListPhoto]

    public init(page: Int, pages: Int, perPage: Int, total: Int, photo: [FlickrListPhoto]) {
        self.page = page
        self.pages = pages
        self.perPage = perPage
        self.total = String(total)
        self.photo = photo
    }

    enum CodingKeys: String, CodingKey {
        case page, pages
        case perPage = "perpage"
        case total, photo
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decodeFlickrIntIfPresent(forKey: .page) ?? 1
        pages = try container.decodeFlickrIntIfPresent(forKey: .pages) ?? 1
        perPage = try container.decodeFlickrIntIfPresent(forKey: .perPage) ?? 0
        total = try container.decodeFlickrStringIfPresent(forKey: .total) ?? "0"
        photo = try container.decodeIfPresent([FlickrListPhoto].self, forKey: .photo) ?? []
    }
}
