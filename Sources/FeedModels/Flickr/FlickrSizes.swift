/// flickr.photos.getSizes: every size of Flickr's ladder the photo has, the original last.
public struct FlickrSizes: FlickrRootRecord, Hashable {
    public static let element = "sizes"

    public var canBlog: Int
    public var canPrint: Int
    public var canDownload: Int
    public var size: [Size]

    public init(canBlog: Int, canPrint: Int, canDownload: Int, size: [Size]) {
        self.canBlog = canBlog
        self.canPrint = canPrint
        self.canDownload = canDownload
        self.size = size
    }

    enum CodingKeys: String, CodingKey {
        case canBlog = "canblog"
        case canPrint = "canprint"
        case canDownload = "candownload"
        case size
    }

    /// One size: its label (`Medium 640`), dimensions, image URL and page.
    public struct Size: Codable, Sendable, Hashable {
        public var label: String
        public var width: Int
        public var height: Int
        public var source: String
        public var url: String
        public var media: String

        public init(label: String, width: Int, height: Int, source: String, url: String, media: String = "photo") {
            self.label = label
            self.width = width
            self.height = height
            self.source = source
            self.url = url
            self.media = media
        }
    }
}
