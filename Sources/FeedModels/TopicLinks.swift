import Foundation

/// Where a topic lives on the API and on the web.
public struct TopicLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var photos: String

    public init(self selfLink: String, html: String, photos: String) {
        self.`self` = selfLink
        self.html = html
        self.photos = photos
    }
}
