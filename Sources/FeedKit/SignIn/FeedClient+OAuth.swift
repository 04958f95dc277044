import Foundation

extension FeedClient {
    /// Exchanges the code of a finished sign-in for an access token (sending the PKCE verifier).
    ///
    /// Use the token with ``withCredentials(_:)`` and `.userToken(token.accessToken)`, and keep it in a
    /// ``TokenStore``.
    /// - Throws: ``FeedError/authorization(code:message:)`` when the server refuses the code (used, expired, or
    ///   the verifier does not match).
    public func exchange(code: String, for request: AuthorizationRequest) async throws -> OAuthToken {
        let configuration = request.configuration
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", configuration.redirectURI),
            ("client_id", configuration.clientID), ("code_verifier", request.codeVerifier),
        ]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        let data = try await oauthCall(.oauthToken, form: form)
        return try Self.decode(OAuthToken.self, from: data, operation: FeedOperation.oauthToken.rawValue)
    }

    /// Revokes a token, e.g. when the user signs out. Revoking an unknown token succeeds (RFC 7009).
    public func revoke(_ token: String, configuration: OAuthConfiguration) async throws {
        var form = [("token", token), ("client_id", configuration.clientID)]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        _ = try await oauthCall(.oauthRevoke, form: form)
    }

    /// A call to the token endpoints: without the client's own credentials, and with OAuth's error objects read as
    /// ``FeedError/authorization(code:message:)``.
    private func oauthCall(_ operation: FeedOperation, form: [(String, String)]) async throws -> Data {
        let (data, response) = try await roundTrip(
            operation.method, url(operation), body: .form(form), authorized: false)
        if response.statusCode >= 400, response.statusCode < 500,
            let refusal = try? JSONDecoder().decode(OAuthErrorBody.self, from: data)
        {
            throw FeedError.authorization(code: refusal.error, message: refusal.errorDescription)
        }
        if let error = FeedError.from(response, body: data) {
            throw error
        }
        return data
    }
}
