import Firebase

/// Who a Realtime Database request comes from, as the rules see them.
public enum DatabaseCaller: Sendable, Hashable {
    /// The admin token: no rules apply (firebase-admin, `imagefeed database import`).
    case admin
    /// Someone the rules judge: `auth` is nil for a request without credentials (or an admin acting as nobody
    /// through `auth_variable_override=null`); `credential` is the ID token it came with, which streams check again
    /// as time passes.
    case judged(auth: RulesAuth?, credential: VerifiedIDToken?)

    /// Nobody signed in.
    public static let anonymous = DatabaseCaller.judged(auth: nil, credential: nil)

    /// True when the rules apply.
    public var isJudged: Bool {
        if case .judged = self { return true }
        return false
    }

    /// The rules' `auth` (nil for the admin, whom no rule asks about).
    public var auth: RulesAuth? {
        if case .judged(let auth, _) = self { return auth }
        return nil
    }

    /// The ID token, when one identified the caller.
    public var credential: VerifiedIDToken? {
        if case .judged(_, let credential) = self { return credential }
        return nil
    }
}

/// An ID token that verified: who it names, and until when it holds.
public struct VerifiedIDToken: Sendable, Hashable {
    /// The token as the client sent it (a stream verifies it again to learn that it was revoked).
    public var token: String
    /// The rules' `auth` it stands for.
    public var auth: RulesAuth
    /// When it expires, in milliseconds since 1970.
    public var expiresAt: Int64

    /// A verified token.
    public init(token: String, auth: RulesAuth, expiresAt: Int64) {
        self.token = token
        self.auth = auth
        self.expiresAt = expiresAt
    }
}

/// Checks the ID tokens of Firebase Authentication (``FirebaseIDTokenVerifier``): signature, expiry, the account still existing and
/// not signed out since the token was issued.
public protocol DatabaseTokenVerifier: Sendable {
    /// The identity `token` carries; throws ``DatabaseTokenError`` when it does not hold.
    func verify(idToken token: String) async throws -> VerifiedIDToken
}

/// Why an ID token was refused.
public enum DatabaseTokenError: Error, Sendable, Hashable {
    /// It is not a token this server signed, or it is malformed.
    case invalid
    /// It expired.
    case expired
    /// Its account signed out (or was deleted) after it was issued.
    case revoked
}
