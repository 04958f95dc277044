/// flickr.commons.getInstitutions: the Flickr Commons members. The library has none, so the list is empty.
public struct FlickrInstitutions: FlickrRootRecord, Hashable {
    public static let element = "institutions"

    public var institution: [Institution]

    public init(institution: [Institution] = []) {
        self.institution = institution
    }

    /// A member institution: its NSID, launch date, name and links.
    public struct Institution: Codable, Sendable, Hashable {
        public var nsid: String
        public var dateLaunch: String
        public var name: FlickrContent
        public var urls: FlickrURLList

        public init(nsid: String, dateLaunch: String, name: String, urls: [FlickrTypedURL]) {
            self.nsid = nsid
            self.dateLaunch = dateLaunch
            self.name = FlickrContent(name)
            self.urls = FlickrURLList(url: urls)
        }

        enum CodingKeys: String, CodingKey {
            case nsid
            case dateLaunch = "date_launch"
            case name, urls
        }
    }
}
