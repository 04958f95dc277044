import Foundation

/// What Firebase Authentication keeps about an account beside its `users` row. An account Firebase never touched
/// has the defaults.
public struct FirebaseAccountState: Sendable, Hashable {
    public var emailVerified = false
    public var photoURL: String?
    public var disabled = false
    /// The custom claims, as the JSON object text firebase-admin sets.
    public var customClaims: String?
    /// ID tokens issued (`iat`) before this second are refused.
    public var tokensValidSince: Int64 = 0
    /// Milliseconds since 1970.
    public var lastLoginAt: Int64?
    /// Milliseconds since 1970.
    public var lastRefreshAt: Int64?
    /// Milliseconds since 1970.
    public var passwordUpdatedAt: Int64?

    public init() {}
}

/// An account as Firebase Authentication sees it: the library's user row, its password hash and the Firebase state.
public struct FirebaseAccount: Sendable, Hashable {
    public var user: UserRecord
    public var passwordHash: String?
    public var state: FirebaseAccountState

    public init(user: UserRecord, passwordHash: String?, state: FirebaseAccountState) {
        self.user = user
        self.passwordHash = passwordHash
        self.state = state
    }
}

/// Changes to ``FirebaseAccountState``; nil leaves a field as it is.
public struct FirebaseAccountChanges: Sendable, Hashable {
    public var emailVerified: Bool?
    /// An empty string removes the photo URL.
    public var photoURL: String?
    public var disabled: Bool?
    /// An empty string removes the custom claims.
    public var customClaims: String?
    public var tokensValidSince: Int64?
    public var lastLoginAt: Int64?

    public init(
        emailVerified: Bool? = nil, photoURL: String? = nil, disabled: Bool? = nil, customClaims: String? = nil,
        tokensValidSince: Int64? = nil, lastLoginAt: Int64? = nil
    ) {
        self.emailVerified = emailVerified
        self.photoURL = photoURL
        self.disabled = disabled
        self.customClaims = customClaims
        self.tokensValidSince = tokensValidSince
        self.lastLoginAt = lastLoginAt
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { self == FirebaseAccountChanges() }
}

/// A live refresh token, found by its hash.
public struct FirebaseRefreshToken: Sendable, Hashable {
    public var userID: String
    /// The sign-in provider the token was issued for (`password`).
    public var provider: String
    /// When the person signed in, in seconds: the ID tokens' `auth_time`.
    public var authTime: Int64
}

/// A key ID tokens are signed with.
public struct FirebaseSigningKey: Sendable, Hashable {
    /// The key id (`kid`) tokens name it by.
    public var id: String
    /// The rotation period it signs in (seconds since 1970 divided by the period's length).
    public var period: Int64
    /// The RSA private key, PEM.
    public var privateKeyPEM: String
    public var createdAt: Date

    public init(id: String, period: Int64, privateKeyPEM: String, createdAt: Date) {
        self.id = id
        self.period = period
        self.privateKeyPEM = privateKeyPEM
        self.createdAt = createdAt
    }
}

/// The code of an emailed action link (a password reset, an email verification).
public struct FirebaseOOBCode: Sendable, Hashable {
    public var code: String
    /// `PASSWORD_RESET`, `VERIFY_EMAIL` or `VERIFY_AND_CHANGE_EMAIL`.
    public var requestType: String
    public var userID: String
    public var email: String
    public var newEmail: String?
    /// The link a mail would have carried.
    public var link: String
    public var expiresAt: Date

    public init(
        code: String, requestType: String, userID: String, email: String, newEmail: String?, link: String,
        expiresAt: Date
    ) {
        self.code = code
        self.requestType = requestType
        self.userID = userID
        self.email = email
        self.newEmail = newEmail
        self.link = link
        self.expiresAt = expiresAt
    }
}

/// An account made through Firebase: by a person signing up (email and password), or by an admin (who may leave
/// either out, and choose the id).
public struct NewFirebaseAccount: Sendable, Hashable {
    public var id: String
    public var username: String
    public var firstName: String
    public var lastName: String?
    public var email: String?
    public var passwordHash: String?

    public init(
        id: String, username: String, firstName: String, lastName: String?, email: String?, passwordHash: String?
    ) {
        self.id = id
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.passwordHash = passwordHash
    }
}
