/// flickr.photos.licenses.getLicenseHistory: the licence changes of a photo, each a `<license_history>` directly
/// under `<rsp>`. A photo whose licence never changed has one entry: its licence as `old_license`, an empty
/// `new_license`, dated when it was posted.
public struct FlickrLicenseHistory: Codable, Sendable, Hashable {
    public var licenseHistory: [Change]

    public init(licenseHistory: [Change]) {
        self.licenseHistory = licenseHistory
    }

    enum CodingKeys: String, CodingKey {
        case licenseHistory = "license_history"
    }

    /// One change, by name and URL.
    public struct Change: Codable, Sendable, Hashable {
        public var dateChange: String
        public var oldLicense: String
        public var oldLicenseURL: String
        public var newLicense: String
        public var newLicenseURL: String

        public init(dateChange: String, old: FlickrLicense, new: FlickrLicense?) {
            self.dateChange = dateChange
            self.oldLicense = old.name
            self.oldLicenseURL = old.url
            self.newLicense = new?.name ?? ""
            self.newLicenseURL = new?.url ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case dateChange = "date_change"
            case oldLicense = "old_license"
            case oldLicenseURL = "old_license_url"
            case newLicense = "new_license"
            case newLicenseURL = "new_license_url"
        }
    }
}
