import FeedModels

/// Who a Firebase request comes from, as its `Authorization` header says.
public enum FirebaseCaller: Sendable, Hashable {
    /// No credential.
    case anonymous
    /// The admin token (`--firebase-admin-token`) from an address allowed to use it: firebase-admin and other
    /// trusted tools, which Storage rules do not apply to.
    case admin
    /// A person, by a valid ID token.
    case user(IDTokenClaims)

    /// The person's account id, when a person is calling.
    public var uid: String? {
        if case .user(let claims) = self { return claims.sub }
        return nil
    }

    public var isAdmin: Bool { self == .admin }
}
