import Foundation

/// `POST /oauth/token` → a bearer token. Tokens do not expire, as on Unsplash.
public struct OAuthToken: Codable, Sendable, Hashable {
    public var accessToken: String
    /// Always `bearer`.
    public var tokenType: String
    /// The granted scopes, space-separated.
    public var scope: String
    /// Unix time in seconds.
    public var createdAt: Int

    public init(accessToken: String, tokenType: String = "bearer", scope: String, createdAt: Int) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.scope = scope
        self.createdAt = createdAt
    }

    /// The granted scopes.
    public var scopes: Set<String> { Set(scope.split(separator: " ").map(String.init)) }

    enum CodingKeys: String, CodingKey {
        case scope
        case accessToken = "access_token"
        case tokenType = "token_type"
        case createdAt = "created_at"
    }
}
