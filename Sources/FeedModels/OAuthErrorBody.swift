import Foundation

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
