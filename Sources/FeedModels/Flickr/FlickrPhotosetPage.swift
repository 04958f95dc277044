/// A page of an album's photos, flickr.photosets.getPhotos: `<photoset id primary owner ownername …>` around the
/// photos, each with `isprimary`. The owner is named once, on the set.
public struct FlickrPhotosetPage: FlickrRootRecord, Hashable {
    public static let element = "photoset"

    public var id: String
    public var primary: String
    /// The owner's NSID.
    public var owner: String
    public var ownerName: String
    public var photo: [FlickrListPhoto]
    public var page: Int
    /// Flickr writes both spellings.
    public var perPageUnderscored: Int
    public var perPage: Int
    public var pages: Int
    public var title: String
    public var total: Int

    public init(
        id: String, primary: String, owner: String, ownerName: String, photo: [FlickrListPhoto], page: Int,
        perPage: Int, pages: Int, title: String, total: Int
    ) {
        self.id = id
        self.primary = primary
        self.owner = owner
        self.ownerName = ownerName
        self.photo = photo
        self.page = page
        self.perPageUnderscored = perPage
        self.perPage = perPage
        self.pages = pages
        self.title = title
        self.total = total
    }

    enum CodingKeys: String, CodingKey {
        case id, primary, owner
        case ownerName = "ownername"
        case photo, page
        case perPageUnderscored = "per_page"
        case perPage = "perpage"
        case pages, title, total
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeFlickrStringIfPresent(forKey: .id) ?? ""
        primary = try container.decodeFlickrStringIfPresent(forKey: .primary) ?? ""
        owner = try container.decodeFlickrStringIfPresent(forKey: .owner) ?? ""
        ownerName = try container.decodeFlickrStringIfPresent(forKey: .ownerName) ?? ""
        photo = try container.decodeIfPresent([FlickrListPhoto].self, forKey: .photo) ?? []
        page = try container.decodeFlickrIntIfPresent(forKey: .page) ?? 1
        perPage = try container.decodeFlickrIntIfPresent(forKey: .perPage) ?? 0
        perPageUnderscored = try container.decodeFlickrIntIfPresent(forKey: .perPageUnderscored) ?? perPage
        pages = try container.decodeFlickrIntIfPresent(forKey: .pages) ?? 1
        title = try container.decodeFlickrStringIfPresent(forKey: .title) ?? ""
        total = try container.decodeFlickrIntIfPresent(forKey: .total) ?? 0
    }
}
