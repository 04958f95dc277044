/// How a ``FeedClient`` identifies itself.
public enum Credentials: Sendable, Hashable {
    /// No credentials: enough for this server's public reads when it does not require a key.
    case none
    /// An app's public access key, sent as `Authorization: Client-ID <key>`: public reads.
    case publicKey(String)
    /// A user's access token, sent as `Authorization: Bearer <token>`: everything its scopes allow.
    case userToken(String)

    /// The `Authorization` header value, if any.
    var authorization: String? {
        switch self {
        case .none: nil
        case .publicKey(let key): "Client-ID \(key)"
        case .userToken(let token): "Bearer \(token)"
        }
    }
}
