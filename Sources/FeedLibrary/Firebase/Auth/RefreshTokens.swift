/// Refresh tokens: `<account id>.<secret>`, stored as the hash of the whole. The account id lets a refresh after a
/// revocation be told from a made-up token (`TOKEN_EXPIRED` against `INVALID_REFRESH_TOKEN`), as Google tells them.
public enum RefreshTokens {
    public static func make(userID: String) -> String { userID + "." + Secrets.make() }

    /// The account id a token claims to belong to.
    public static func userID(of token: String) -> String? {
        guard let dot = token.lastIndex(of: "."), dot != token.startIndex else { return nil }
        return String(token[..<dot])
    }
}
