/// flickr.photos.getContext: the photos before and after one in its owner's photostream (newest first), and how
/// many the stream holds. Where there is none, the element is still sent with `id="0"`, as Flickr documents.
public struct FlickrPhotoContext: Codable, Sendable, Hashable {
    public var count: FlickrContent
    public var prevPhoto: Neighbour
    public var nextPhoto: Neighbour

    public init(count: Int, prevPhoto: Neighbour?, nextPhoto: Neighbour?) {
        self.count = FlickrContent(String(count))
        self.prevPhoto = prevPhoto ?? Neighbour()
        self.nextPhoto = nextPhoto ?? Neighbour()
    }

    enum CodingKeys: String, CodingKey {
        case count
        case prevPhoto = "prevphoto"
        case nextPhoto = "nextphoto"
    }

    /// A neighbouring photo: its id, secret, title, page (a path) and thumbnail.
    public struct Neighbour: Codable, Sendable, Hashable {
        public var id: String
        public var secret: String?
        public var server: String?
        public var farm: Int?
        public var title: String?
        public var url: String?
        public var thumb: String?
        public var license: String?
        public var media: String?

        /// No photo: `id="0"`.
        public init() {
            self.id = "0"
        }

        public init(
            id: String, secret: String, server: String, farm: Int, title: String, url: String, thumb: String,
            license: String
        ) {
            self.id = id
            self.secret = secret
            self.server = server
            self.farm = farm
            self.title = title
            self.url = url
            self.thumb = thumb
            self.license = license
            self.media = "photo"
        }
    }
}
