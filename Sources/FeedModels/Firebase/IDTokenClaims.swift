import Foundation

/// The claims of a Firebase ID token, as Google issues them and the SDKs and firebase-admin read them: `iss`
/// (`https://securetoken.google.com/<project>`), `aud` (the project), `sub` and `user_id` (the account's id),
/// `iat`, `exp`, `auth_time`, the account's email and name, and `firebase.sign_in_provider`. Custom claims set
/// with firebase-admin sit beside them at the top level (reserved names win).
public struct IDTokenClaims: Codable, Sendable, Hashable {
    public var iss: String
    public var aud: String
    public var sub: String
    public var userID: String
    /// Seconds since 1970.
    public var iat: Int64
    /// Seconds since 1970.
    public var exp: Int64
    /// When the person signed in, in seconds since 1970.
    public var authTime: Int64
    public var email: String?
    public var emailVerified: Bool?
    public var name: String?
    public var picture: String?
    public var firebase: Firebase
    /// The custom claims, as the text of a JSON object: written at the top level, and read back from there (every
    /// claim that is not one of the token's own).
    public var customClaims: String?

    /// The `firebase` claim.
    public struct Firebase: Codable, Sendable, Hashable {
        public var identities: [String: [String]]
        public var signInProvider: String

        public init(identities: [String: [String]], signInProvider: String) {
            self.identities = identities
            self.signInProvider = signInProvider
        }

        enum CodingKeys: String, CodingKey {
            case identities
            case signInProvider = "sign_in_provider"
        }
    }

    public init(
        projectID: String, userID: String, issuedAt: Int64, lifetime: Int64, authTime: Int64, email: String?,
        emailVerified: Bool?, name: String?, picture: String?, signInProvider: String, customClaims: String? = nil
    ) {
        self.iss = Self.issuer(projectID: projectID)
        self.aud = projectID
        self.sub = userID
        self.userID = userID
        self.iat = issuedAt
        self.exp = issuedAt + lifetime
        self.authTime = authTime
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.picture = picture
        self.firebase = Firebase(identities: email.map { ["email": [$0]] } ?? [:], signInProvider: signInProvider)
        self.customClaims = customClaims
    }

    /// The issuer of a project's ID tokens.
    public static func issuer(projectID: String) -> String { "https://securetoken.google.com/" + projectID }

    /// The names the token's own claims take; custom claims may not use them.
    public static let reservedNames: Set<String> = [
        "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "firebase", "iat", "iss", "jti",
        "nbf", "nonce", "sub", "user_id", "email", "email_verified", "name", "picture",
    ]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case iss, aud, sub, iat, exp, email, name, picture, firebase
        case userID = "user_id"
        case authTime = "auth_time"
        case emailVerified = "email_verified"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        aud = try container.decode(String.self, forKey: .aud)
        sub = try container.decode(String.self, forKey: .sub)
        userID = try container.decodeIfPresent(String.self, forKey: .userID) ?? sub
        iat = try container.decode(Int64.self, forKey: .iat)
        exp = try container.decode(Int64.self, forKey: .exp)
        authTime = try container.decodeIfPresent(Int64.self, forKey: .authTime) ?? iat
        email = try container.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try container.decodeIfPresent(Bool.self, forKey: .emailVerified)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        picture = try container.decodeIfPresent(String.self, forKey: .picture)
        firebase = try container.decode(Firebase.self, forKey: .firebase)
        let all = try decoder.container(keyedBy: ClaimKey.self)
        var custom: [String: ClaimValue] = [:]
        for key in all.allKeys where !Self.reservedNames.contains(key.stringValue) {
            custom[key.stringValue] = try all.decode(ClaimValue.self, forKey: key)
        }
        if custom.isEmpty {
            customClaims = nil
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            customClaims = String(decoding: try encoder.encode(custom), as: UTF8.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        // Custom claims first, so that a reserved name among them can never replace the token's own claim.
        if let customClaims,
            let object = try? JSONDecoder().decode([String: ClaimValue].self, from: Data(customClaims.utf8))
        {
            var custom = encoder.container(keyedBy: ClaimKey.self)
            for (key, value) in object.sorted(by: { $0.key < $1.key }) where !Self.reservedNames.contains(key) {
                try custom.encode(value, forKey: ClaimKey(key))
            }
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(aud, forKey: .aud)
        try container.encode(authTime, forKey: .authTime)
        try container.encode(userID, forKey: .userID)
        try container.encode(sub, forKey: .sub)
        try container.encode(iat, forKey: .iat)
        try container.encode(exp, forKey: .exp)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(emailVerified, forKey: .emailVerified)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(picture, forKey: .picture)
        try container.encode(firebase, forKey: .firebase)
    }
}
