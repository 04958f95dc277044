import Foundation
import SQLKit

/// An OAuth 1.0a token (Flickr's sign-in): a request token on its way to being authorised and exchanged, or an
/// access token. The token itself is stored hashed; its secret in plain text, because HMAC-SHA1 signs with it.
public struct OAuth1Token: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case request, access
    }

    public var kind: Kind
    public var secret: String
    public var appID: String
    /// Who authorised it: nil for a request token not yet authorised.
    public var userID: String?
    /// A request token's callback URL, or `oob`.
    public var callback: String?
    /// Flickr's permission: `read`, `write` or `delete`.
    public var perms: String
    public var expiresAt: Date?

    public init(
        kind: Kind, secret: String, appID: String, userID: String? = nil, callback: String? = nil,
        perms: String = "read", expiresAt: Date? = nil
    ) {
        self.kind = kind
        self.secret = secret
        self.appID = appID
        self.userID = userID
        self.callback = callback
        self.perms = perms
        self.expiresAt = expiresAt
    }
}
