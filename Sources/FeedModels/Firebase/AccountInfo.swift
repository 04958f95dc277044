import Foundation

/// One account as `accounts:lookup` describes it (Identity Toolkit's `UserInfo`).
public struct AccountInfo: Codable, Sendable, Hashable {
    public var localId: String
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String?
    public var photoUrl: String?
    /// Always Google's redacted placeholder: password hashes never leave the server.
    public var passwordHash: String?
    /// Milliseconds since 1970, a number (as Identity Toolkit writes it).
    public var passwordUpdatedAt: Double?
    public var providerUserInfo: [ProviderUserInfo]
    /// Seconds since 1970: ID tokens issued before it are refused.
    public var validSince: String?
    public var disabled: Bool
    /// Milliseconds since 1970.
    public var lastLoginAt: String?
    /// Milliseconds since 1970.
    public var createdAt: String
    /// RFC 3339.
    public var lastRefreshAt: String?
    /// The custom claims, as the text of a JSON object.
    public var customAttributes: String?

    /// `"REDACTED"` in base64, what Identity Toolkit answers for a password hash the caller may not read.
    public static let redactedPasswordHash = "UkVEQUNURUQ="

    public init(
        localId: String, email: String?, emailVerified: Bool, displayName: String?, photoUrl: String?,
        hasPassword: Bool, passwordUpdatedAt: Double?, validSince: String?, disabled: Bool, lastLoginAt: String?,
        createdAt: String, lastRefreshAt: String?, customAttributes: String?
    ) {
        self.localId = localId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.passwordHash = hasPassword ? Self.redactedPasswordHash : nil
        self.passwordUpdatedAt = passwordUpdatedAt
        self.providerUserInfo =
            hasPassword || email != nil
            ? [
                ProviderUserInfo(
                    providerId: "password", email: email, federatedId: email, rawId: email, displayName: displayName,
                    photoUrl: photoUrl)
            ]
            : []
        self.validSince = validSince
        self.disabled = disabled
        self.lastLoginAt = lastLoginAt
        self.createdAt = createdAt
        self.lastRefreshAt = lastRefreshAt
        self.customAttributes = customAttributes
    }
}

/// An identity linked to an account: here always the email and password one.
public struct ProviderUserInfo: Codable, Sendable, Hashable {
    public var providerId: String
    public var email: String?
    public var federatedId: String?
    public var rawId: String?
    public var displayName: String?
    public var photoUrl: String?

    public init(
        providerId: String, email: String?, federatedId: String?, rawId: String?, displayName: String?,
        photoUrl: String?
    ) {
        self.providerId = providerId
        self.email = email
        self.federatedId = federatedId
        self.rawId = rawId
        self.displayName = displayName
        self.photoUrl = photoUrl
    }
}
