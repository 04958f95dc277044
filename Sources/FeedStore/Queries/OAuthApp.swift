import Foundation
import SQLKit

/// A registered OAuth application.
public struct OAuthApp: Sendable, Hashable, Identifiable {
    public var id: String
    public var ownerID: String?
    public var name: String
    public var accessKey: String
    public var secretHash: String
    public var redirectURIs: [String]
    /// Public apps (browser or native apps that cannot keep a secret) must use PKCE.
    public var isPublic: Bool
    public var createdAt: Date
    /// The OAuth 1.0a consumer secret (Flickr's signed requests), kept in plain text because HMAC-SHA1 needs it; nil
    /// for apps registered before the Flickr dialect (see `imagefeed apps oauth1-secret`).
    public var oauth1Secret: String?
}
