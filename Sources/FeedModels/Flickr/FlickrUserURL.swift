/// urls.getUserProfile and urls.getUserPhotos: `<user nsid url />`.
public struct FlickrUserURL: FlickrRootRecord, Hashable {
    public static let element = "user"

    public var nsid: String
    public var url: String

    public init(nsid: String, url: String) {
        self.nsid = nsid
        self.url = url
    }
}
