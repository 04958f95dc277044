/// One `url_*` size of a photo in a list: `"url_m":"…","width_m":500,"height_m":375`.
public struct FlickrSizedURL: Sendable, Hashable {
    public var size: FlickrURLExtra
    public var url: String
    public var width: Int
    public var height: Int

    public init(size: FlickrURLExtra, url: String, width: Int, height: Int) {
        self.size = size
        self.url = url
        self.width = width
        self.height = height
    }
}
