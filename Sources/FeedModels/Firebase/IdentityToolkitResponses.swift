import Foundation

// The answers of Identity Toolkit v1 and its v3 names, as the Firebase SDKs and firebase-admin read them. Counts and
// times are strings where Google's JSON has int64s.

/// The tokens a sign-in, a sign-up or a credential change hands out.
public struct IssuedTokens: Sendable, Hashable {
    public var idToken: String
    public var refreshToken: String
    /// Seconds the ID token lives.
    public var expiresIn: Int

    public init(idToken: String, refreshToken: String, expiresIn: Int) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// `accounts:signUp` / `signupNewUser`; no tokens for an admin's request.
public struct SignUpResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#SignupNewUserResponse"
    public var localId: String
    public var email: String?
    public var displayName: String?
    public var idToken: String?
    public var refreshToken: String?
    public var expiresIn: String?

    public init(localId: String, email: String?, displayName: String?, tokens: IssuedTokens?) {
        self.localId = localId
        self.email = email
        self.displayName = displayName
        self.idToken = tokens?.idToken
        self.refreshToken = tokens?.refreshToken
        self.expiresIn = tokens.map { String($0.expiresIn) }
    }
}

/// `accounts:signInWithPassword` / `verifyPassword`.
public struct SignInWithPasswordResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#VerifyPasswordResponse"
    public var registered = true
    public var localId: String
    public var email: String
    public var displayName: String
    public var profilePicture: String?
    public var idToken: String
    public var refreshToken: String
    public var expiresIn: String

    public init(localId: String, email: String, displayName: String, profilePicture: String?, tokens: IssuedTokens) {
        self.localId = localId
        self.email = email
        self.displayName = displayName
        self.profilePicture = profilePicture
        self.idToken = tokens.idToken
        self.refreshToken = tokens.refreshToken
        self.expiresIn = String(tokens.expiresIn)
    }
}

/// `accounts:lookup` / `getAccountInfo`: `users` is left out when nothing was found (firebase-admin relies on it).
public struct LookupResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#GetAccountInfoResponse"
    public var users: [AccountInfo]?

    public init(users: [AccountInfo]) {
        self.users = users.isEmpty ? nil : users
    }
}

/// `accounts:batchGet` (admin): a page of every account.
public struct BatchGetResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#DownloadAccountResponse"
    public var users: [AccountInfo]?
    public var nextPageToken: String?

    public init(users: [AccountInfo], nextPageToken: String?) {
        self.users = users.isEmpty ? nil : users
        self.nextPageToken = nextPageToken
    }
}

/// `accounts:update` / `setAccountInfo`; new tokens when the email or the password changed.
public struct UpdateAccountResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#SetAccountInfoResponse"
    public var localId: String
    public var email: String?
    public var displayName: String?
    public var photoUrl: String?
    public var emailVerified: Bool
    public var providerUserInfo: [ProviderUserInfo]
    public var passwordHash: String?
    public var idToken: String?
    public var refreshToken: String?
    public var expiresIn: String?

    public init(account: AccountInfo, tokens: IssuedTokens?) {
        self.localId = account.localId
        self.email = account.email
        self.displayName = account.displayName
        self.photoUrl = account.photoUrl
        self.emailVerified = account.emailVerified
        self.providerUserInfo = account.providerUserInfo
        self.passwordHash = account.passwordHash
        self.idToken = tokens?.idToken
        self.refreshToken = tokens?.refreshToken
        self.expiresIn = tokens.map { String($0.expiresIn) }
    }
}

/// `accounts:delete` / `deleteAccount`.
public struct DeleteAccountResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#DeleteAccountResponse"

    public init() {}
}

/// `accounts:batchDelete` (admin): the accounts that could not be deleted, by their index in the request.
public struct BatchDeleteResponse: Codable, Sendable, Hashable {
    public var errors: [Failure]?

    public init(errors: [Failure]) {
        self.errors = errors.isEmpty ? nil : errors
    }

    /// One account that was not deleted.
    public struct Failure: Codable, Sendable, Hashable {
        public var index: Int
        public var localId: String
        public var message: String

        public init(index: Int, localId: String, message: String) {
            self.index = index
            self.localId = localId
            self.message = message
        }
    }
}

/// `accounts:sendOobCode` / `getOobConfirmationCode`; the code and link only for an admin who asked for them.
public struct SendOobCodeResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#GetOobConfirmationCodeResponse"
    public var email: String
    public var oobCode: String?
    public var oobLink: String?

    public init(email: String, oobCode: String? = nil, oobLink: String? = nil) {
        self.email = email
        self.oobCode = oobCode
        self.oobLink = oobLink
    }
}

/// `accounts:resetPassword` / `resetPassword`.
public struct ResetPasswordResponse: Codable, Sendable, Hashable {
    public var kind = "identitytoolkit#ResetPasswordResponse"
    public var email: String
    public var requestType: String
    public var newEmail: String?

    public init(email: String, requestType: String, newEmail: String? = nil) {
        self.email = email
        self.requestType = requestType
        self.newEmail = newEmail
    }
}

/// securetoken `v1/token`, in its snake_case keys.
public struct SecureTokenResponse: Codable, Sendable, Hashable {
    public var accessToken: String
    public var expiresIn: String
    public var tokenType = "Bearer"
    public var refreshToken: String
    public var idToken: String
    public var userId: String
    public var projectId: String

    public init(tokens: IssuedTokens, userID: String, projectID: String) {
        self.accessToken = tokens.idToken
        self.expiresIn = String(tokens.expiresIn)
        self.refreshToken = tokens.refreshToken
        self.idToken = tokens.idToken
        self.userId = userID
        self.projectId = projectID
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresIn = "expires_in"
        case tokenType = "token_type"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
        case userId = "user_id"
        case projectId = "project_id"
    }
}

/// The Auth emulator's `GET /emulator/v1/projects/{p}/oobCodes`: the action links the server would have mailed.
public struct OobCodeList: Codable, Sendable, Hashable {
    public var oobCodes: [Entry]

    public init(oobCodes: [Entry]) {
        self.oobCodes = oobCodes
    }

    /// One link.
    public struct Entry: Codable, Sendable, Hashable {
        public var email: String
        public var oobCode: String
        public var oobLink: String
        public var requestType: String

        public init(email: String, oobCode: String, oobLink: String, requestType: String) {
            self.email = email
            self.oobCode = oobCode
            self.oobLink = oobLink
            self.requestType = requestType
        }
    }
}
