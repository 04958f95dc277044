import Foundation

/// Where a user lives on the API and on the web.
public struct UserLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var photos: String
    public var likes: String
    public var portfolio: String
    public var following: String
    public var followers: String

    /// `following` and `followers` default to the API's lists under `self`.
    public init(
        self selfLink: String, html: String, photos: String, likes: String, portfolio: String,
        following: String? = nil, followers: String? = nil
    ) {
        self.`self` = selfLink
        self.html = html
        self.photos = photos
        self.likes = likes
        self.portfolio = portfolio
        self.following = following ?? selfLink + "/following"
        self.followers = followers ?? selfLink + "/followers"
    }

    enum CodingKeys: String, CodingKey {
        case `self`, html, photos, likes, portfolio, following, followers
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let selfLink = try container.decode(String.self, forKey: .self)
        self.init(
            self: selfLink, html: try container.decode(String.self, forKey: .html),
            photos: try container.decode(String.self, forKey: .photos),
            likes: try container.decode(String.self, forKey: .likes),
            portfolio: try container.decodeIfPresent(String.self, forKey: .portfolio) ?? "",
            following: try container.decodeIfPresent(String.self, forKey: .following),
            followers: try container.decodeIfPresent(String.self, forKey: .followers)
        )
    }
}
