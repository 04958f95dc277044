import Foundation

/// Where a photo lives on the API and on the web.
public struct PhotoLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var download: String
    public var downloadLocation: String

    public init(self selfLink: String, html: String, download: String, downloadLocation: String) {
        self.`self` = selfLink
        self.html = html
        self.download = download
        self.downloadLocation = downloadLocation
    }

    enum CodingKeys: String, CodingKey {
        case `self`, html, download
        case downloadLocation = "download_location"
    }
}
