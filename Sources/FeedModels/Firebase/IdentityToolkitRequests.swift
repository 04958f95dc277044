import Foundation

// The request bodies of Identity Toolkit v1 (`accounts:<op>`), whose field names the iOS SDK's v3 `relyingparty`
// calls share. Fields the server does not use are not decoded (Identity Toolkit ignores them too); fields it uses
// must have their type, or the request is refused as Google refuses it.

/// `accounts:signUp` / `signupNewUser`; firebase-admin's `projects/{p}/accounts` (create) also sets the
/// privileged fields.
public struct SignUpRequest: Codable, Sendable, Hashable {
    public var email: String?
    public var password: String?
    public var displayName: String?
    public var returnSecureToken: Bool?
    public var tenantId: String?
    // Privileged (admin) fields.
    public var localId: String?
    public var emailVerified: Bool?
    public var disabled: Bool?
    public var photoUrl: String?
    public var phoneNumber: String?

    public init(
        email: String? = nil, password: String? = nil, displayName: String? = nil, returnSecureToken: Bool? = nil
    ) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.returnSecureToken = returnSecureToken
    }
}

/// `accounts:signInWithPassword` / `verifyPassword`.
public struct SignInWithPasswordRequest: Codable, Sendable, Hashable {
    public var email: String?
    public var password: String?
    public var returnSecureToken: Bool?
    public var tenantId: String?

    public init(email: String? = nil, password: String? = nil, returnSecureToken: Bool? = nil) {
        self.email = email
        self.password = password
        self.returnSecureToken = returnSecureToken
    }
}

/// `accounts:lookup` / `getAccountInfo`: a person's own account by ID token, or (admin) accounts by id or email.
public struct LookupRequest: Codable, Sendable, Hashable {
    public var idToken: String?
    public var localId: [String]?
    public var email: [String]?
    public var phoneNumber: [String]?

    public init(idToken: String? = nil, localId: [String]? = nil, email: [String]? = nil) {
        self.idToken = idToken
        self.localId = localId
        self.email = email
    }
}

/// `accounts:update` / `setAccountInfo`.
public struct UpdateAccountRequest: Codable, Sendable, Hashable {
    public var idToken: String?
    public var displayName: String?
    public var photoUrl: String?
    public var email: String?
    public var password: String?
    /// `DISPLAY_NAME`, `PHOTO_URL`, …: attributes to remove.
    public var deleteAttribute: [String]?
    public var deleteProvider: [String]?
    public var returnSecureToken: Bool?
    public var oobCode: String?
    public var tenantId: String?
    // Privileged (admin) fields.
    public var localId: String?
    public var disableUser: Bool?
    public var emailVerified: Bool?
    /// The custom claims, as the text of a JSON object.
    public var customAttributes: String?
    /// Seconds since 1970: ID tokens issued before it are refused (firebase-admin's `revoke_refresh_tokens`).
    public var validSince: GoogleInt64?
    public var phoneNumber: String?

    public init(
        idToken: String? = nil, displayName: String? = nil, photoUrl: String? = nil, email: String? = nil,
        password: String? = nil, deleteAttribute: [String]? = nil, returnSecureToken: Bool? = nil,
        localId: String? = nil
    ) {
        self.idToken = idToken
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.email = email
        self.password = password
        self.deleteAttribute = deleteAttribute
        self.returnSecureToken = returnSecureToken
        self.localId = localId
    }
}

/// `accounts:delete` / `deleteAccount`.
public struct DeleteAccountRequest: Codable, Sendable, Hashable {
    public var idToken: String?
    public var localId: String?
    public var tenantId: String?

    public init(idToken: String? = nil, localId: String? = nil) {
        self.idToken = idToken
        self.localId = localId
    }
}

/// `accounts:batchDelete` (admin).
public struct BatchDeleteRequest: Codable, Sendable, Hashable {
    public var localIds: [String]?
    public var force: Bool?

    public init(localIds: [String]? = nil, force: Bool? = nil) {
        self.localIds = localIds
        self.force = force
    }
}

/// `accounts:sendOobCode` / `getOobConfirmationCode`: an emailed action link.
public struct SendOobCodeRequest: Codable, Sendable, Hashable {
    /// `PASSWORD_RESET`, `VERIFY_EMAIL` or `VERIFY_AND_CHANGE_EMAIL` (`EMAIL_SIGNIN` is not served).
    public var requestType: String?
    public var email: String?
    public var idToken: String?
    public var newEmail: String?
    /// Admin only: answer with the link instead of "sending" it.
    public var returnOobLink: Bool?
    public var continueUrl: String?
    public var canHandleCodeInApp: Bool?
    public var tenantId: String?

    public init(requestType: String? = nil, email: String? = nil, idToken: String? = nil, newEmail: String? = nil) {
        self.requestType = requestType
        self.email = email
        self.idToken = idToken
        self.newEmail = newEmail
    }
}

/// `accounts:resetPassword` / `resetPassword`: with `newPassword`, sets it; without, tells what the code is for.
public struct ResetPasswordRequest: Codable, Sendable, Hashable {
    public var oobCode: String?
    public var newPassword: String?
    public var email: String?
    public var oldPassword: String?
    public var tenantId: String?

    public init(oobCode: String? = nil, newPassword: String? = nil) {
        self.oobCode = oobCode
        self.newPassword = newPassword
    }
}

/// securetoken `v1/token`, whatever shape it came in: a form or snake_case JSON (`grant_type`, `refresh_token`: the
/// REST docs and firebase-client-sdk), or camelCase JSON (`grantType`, `refreshToken`: the iOS SDK). Written back in
/// camelCase.
public struct SecureTokenRequest: Codable, Sendable, Hashable {
    public var grantType: String?
    public var refreshToken: String?

    public init(grantType: String? = nil, refreshToken: String? = nil) {
        self.grantType = grantType
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case grantType, refreshToken
        case grantTypeSnake = "grant_type"
        case refreshTokenSnake = "refresh_token"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        grantType =
            try container.decodeIfPresent(String.self, forKey: .grantType)
            ?? container.decodeIfPresent(String.self, forKey: .grantTypeSnake)
        refreshToken =
            try container.decodeIfPresent(String.self, forKey: .refreshToken)
            ?? container.decodeIfPresent(String.self, forKey: .refreshTokenSnake)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(grantType, forKey: .grantType)
        try container.encodeIfPresent(refreshToken, forKey: .refreshToken)
    }
}
