import FeedStore

/// Who is making a request.
public enum Caller: Sendable {
    /// No credentials.
    case anonymous
    /// A registered application, by its `Client-ID`.
    case app(id: String)
    /// A person: through an OAuth access token (with its scopes), or through the web session cookie (first party,
    /// every scope, subject to the CSRF check).
    case user(UserRecord, scopes: Set<Scope>, via: Channel)

    /// How a person's request is authenticated.
    public enum Channel: Sendable, Hashable {
        case token(appID: String)
        case session(idHash: String)
    }

    /// The signed-in person, if any.
    public var user: UserRecord? {
        if case .user(let user, _, _) = self { return user }
        return nil
    }
}

extension FeedRequestContext {
    /// The signed-in person when they may see private data under `scope` (the session always may; a token
    /// only with the scope); nil otherwise, so private things stay hidden rather than failing the request.
    func viewer(with scope: Scope) -> String? {
        guard case .user(let user, let scopes, _) = caller, scopes.contains(scope) else { return nil }
        return user.id
    }

    /// The signed-in person, who must hold `scope`: 401 without a valid user token, 403 without the scope.
    func requireUser(_ scope: Scope) throws(APIError) -> UserRecord {
        guard case .user(let user, let scopes, _) = caller else { throw APIError.invalidToken }
        guard scopes.contains(scope) else {
            throw APIError(.forbidden, "OAuth error: The access token does not have the \(scope.rawValue) scope")
        }
        return user
    }
}
