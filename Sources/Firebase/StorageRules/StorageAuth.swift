/// Who is asking, as `request.auth` sees them; a request without credentials has none (`request.auth == null`).
///
/// Mirrors `request.auth` of https://firebase.google.com/docs/reference/security/storage#request.
public struct StorageAuth: Sendable, Hashable {
    /// `request.auth.uid`.
    public var uid: String
    /// `request.auth.token`: the ID token's claims.
    public var token: [String: JSONValue]

    /// Makes an identity.
    public init(uid: String, token: [String: JSONValue] = [:]) {
        self.uid = uid
        self.token = token
    }
}
