/// flickr.photos.licenses.getInfo: every licence, by number.
public struct FlickrLicenses: FlickrRootRecord, Hashable {
    public static let element = "licenses"

    public var license: [FlickrLicense]

    public init(license: [FlickrLicense] = FlickrLicense.all.map(\.license)) {
        self.license = license
    }
}
