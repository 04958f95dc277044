import Foundation

/// A user's social accounts, Unsplash's `social` object; every key is sent, `null` when unknown.
public struct UserSocial: Codable, Sendable, Hashable {
    public var instagramUsername: String?
    public var portfolioUrl: String?
    public var twitterUsername: String?
    public var paypalEmail: String?

    public init(instagramUsername: String?, portfolioUrl: String?, twitterUsername: String?, paypalEmail: String?) {
        self.instagramUsername = instagramUsername
        self.portfolioUrl = portfolioUrl
        self.twitterUsername = twitterUsername
        self.paypalEmail = paypalEmail
    }

    enum CodingKeys: String, CodingKey {
        case instagramUsername = "instagram_username"
        case portfolioUrl = "portfolio_url"
        case twitterUsername = "twitter_username"
        case paypalEmail = "paypal_email"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(instagramUsername, forKey: .instagramUsername)
        try container.encode(portfolioUrl, forKey: .portfolioUrl)
        try container.encode(twitterUsername, forKey: .twitterUsername)
        try container.encode(paypalEmail, forKey: .paypalEmail)
    }
}
