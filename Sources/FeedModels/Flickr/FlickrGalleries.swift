/// flickr.galleries.getListForPhoto: the galleries a photo is in. The library has no galleries, so the answer is
/// Flickr's empty page (`total="0" pages="0"`).
public struct FlickrGalleries: FlickrRootRecord, Hashable {
    public static let element = "galleries"

    public var total: Int
    public var page: Int
    public var pages: Int
    public var perPage: Int
    public var photoID: String
    public var gallery: [Gallery]

    public init(page: Int, perPage: Int, photoID: String, gallery: [Gallery] = []) {
        self.total = gallery.count
        self.page = page
        self.pages = gallery.isEmpty ? 0 : 1
        self.perPage = perPage
        self.photoID = photoID
        self.gallery = gallery
    }

    enum CodingKeys: String, CodingKey {
        case total, page, pages
        case perPage = "per_page"
        case photoID = "photo_id"
        case gallery
    }

    /// A gallery: its id, page, owner, dates, primary photo and counts.
    public struct Gallery: Codable, Sendable, Hashable {
        public var id: String
        public var url: String
        public var owner: String
        public var title: FlickrContent
        public var description: FlickrContent

        public init(id: String, url: String, owner: String, title: String, description: String) {
            self.id = id
            self.url = url
            self.owner = owner
            self.title = FlickrContent(title)
            self.description = FlickrContent(description)
        }
    }
}
