import Foundation

/// `POST` and `DELETE /photos/:id/like` → the photo as the caller now sees it, and the caller.
public struct LikeResult: Codable, Sendable, Hashable {
    public var photo: Photo
    public var user: User

    public init(photo: Photo, user: User) {
        self.photo = photo
        self.user = user
    }
}

/// `POST /collections/:id/add` and `DELETE /collections/:id/remove` → the photo, the album and the caller.
public struct CollectionMembershipResult: Codable, Sendable, Hashable {
    public var photo: Photo
    public var collection: Collection
    public var user: User
    public var createdAt: Date

    public init(photo: Photo, collection: Collection, user: User, createdAt: Date) {
        self.photo = photo
        self.collection = collection
        self.user = user
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case photo, collection, user
        case createdAt = "created_at"
    }
}

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

/// An OAuth endpoint's error (RFC 6749 §5.2): `{"error": "invalid_grant", "error_description": "…"}`.
public struct OAuthErrorBody: Codable, Sendable, Hashable {
    public var error: String
    public var errorDescription: String

    public init(error: String, errorDescription: String) {
        self.error = error
        self.errorDescription = errorDescription
    }

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}
