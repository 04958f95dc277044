/// Who is asking, as the rules' `auth` variable sees them: `auth.uid`, `auth.provider` and `auth.token` (the ID
/// token's claims). A request without credentials has no `RulesAuth` (`auth` is `null`).
///
/// Mirrors the `auth` variable of https://firebase.google.com/docs/reference/security/database#auth.
public struct RulesAuth: Sendable, Hashable {
    /// The user's id (`auth.uid`).
    public var uid: String
    /// How they signed in (`auth.provider`: `password`, `anonymous`, `custom`…).
    public var provider: String
    /// The ID token's claims (`auth.token`).
    public var token: [String: JSONValue]

    /// Makes an identity.
    public init(uid: String, provider: String = "password", token: [String: JSONValue] = [:]) {
        self.uid = uid
        self.provider = provider
        self.token = token
    }

    /// The identity a verified Firebase ID token carries: `uid` from `user_id` (or `sub`), `provider` from
    /// `firebase.sign_in_provider`, `token` the claims themselves. Nil when the claims name no user.
    public init?(claims: [String: JSONValue]) {
        guard let uid = claims["user_id"]?.stringValue ?? claims["sub"]?.stringValue else { return nil }
        self.uid = uid
        self.provider = claims["firebase"]?["sign_in_provider"]?.stringValue ?? "custom"
        self.token = claims
    }

    var jsonValue: JSONValue {
        .object(["uid": .string(uid), "provider": .string(provider), "token": .object(token)])
    }
}
