import Foundation

/// Where a collection lives on the API and on the web.
public struct CollectionLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var photos: String
    public var related: String

    /// `related` defaults to the API's related albums under `self`.
    public init(self selfLink: String, html: String, photos: String, related: String? = nil) {
        self.`self` = selfLink
        self.html = html
        self.photos = photos
        self.related = related ?? selfLink + "/related"
    }

    enum CodingKeys: String, CodingKey {
        case `self`, html, photos, related
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            self: try container.decode(String.self, forKey: .self),
            html: try container.decode(String.self, forKey: .html),
            photos: try container.decode(String.self, forKey: .photos),
            related: try container.decodeIfPresent(String.self, forKey: .related)
        )
    }
}
