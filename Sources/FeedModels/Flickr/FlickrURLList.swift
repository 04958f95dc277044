/// `<urls>` of getInfo: the photo's page.
public struct FlickrURLList: Codable, Sendable, Hashable {
    public var url: [FlickrTypedURL]

    public init(url: [FlickrTypedURL]) {
        self.url = url
    }
}
