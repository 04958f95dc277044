import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// The OAuth 2 authorization-code provider, shaped like Unsplash's so its clients work unchanged:
/// `/oauth/authorize` (sign-in, consent, redirect with `code` and `state`, or the out-of-band page),
/// `/oauth/token` (code for token, credentials from the body, the query or HTTP Basic; PKCE) and
/// `/oauth/revoke` (RFC 7009).
struct OAuthController: Sendable {
    static let outOfBand = AppRegistration.outOfBand
    static let codeLifetime: TimeInterval = 10 * 60

    let store: LibraryStore

    func addRoutes(pages: RouteGroup, endpoints: RouteGroup) {
        pages.on(FeedOperation.oauthAuthorize, use: authorize)
        pages.on(ServerOperation.oauthDecide, use: decide)
        pages.on(ServerOperation.oauthNativeCode, use: native)
        endpoints.on(FeedOperation.oauthToken, use: token)
        endpoints.on(FeedOperation.oauthRevoke, use: revoke)
    }

    // MARK: authorize

    /// A validated authorization request.
    struct AuthorizationRequest {
        var app: OAuthApp
        var redirectURI: String
        var scopes: [Scope]
        var state: String?
        var codeChallenge: String?
    }

    /// Either a valid request, a page to show (the redirect URI cannot be trusted), or an error redirect.
    enum Validation {
        case valid(AuthorizationRequest)
        case page(Response)
        case redirect(Response)
    }

    /// Checks an authorization request; what is wrong with the app or its redirect URI is a page in `text`'s
    /// language (there is nowhere safe to send it), the rest goes back to the app as OAuth errors (English).
    func validate(_ parameters: [String: String], text: PageText) async throws -> Validation {
        guard let clientID = parameters["client_id"], !clientID.isEmpty,
            let app = try await store.app(accessKey: clientID)
        else {
            return .page(errorPage(text, "page.unknownApp.title", "page.unknownApp.text"))
        }
        let redirectURI: String
        if let given = parameters["redirect_uri"], !given.isEmpty {
            guard app.redirectURIs.contains(given) else {
                return .page(
                    errorPage(
                        text, "page.redirectMismatch.title", "page.redirectMismatch.text",
                        ["uri": given, "app": app.name]))
            }
            redirectURI = given
        } else if app.redirectURIs.count == 1 {
            redirectURI = app.redirectURIs[0]
        } else {
            return .page(errorPage(text, "page.redirectMissing.title", "page.redirectMissing.text", ["app": app.name]))
        }
        let state = parameters["state"]
        func fail(_ error: String, _ description: String) -> Validation {
            .redirect(errorRedirect(redirectURI, error: error, description: description, state: state))
        }
        guard parameters["response_type"] == "code" else {
            return fail("unsupported_response_type", "Only response_type=code is supported.")
        }
        let parsed = Scope.parse(parameters["scope"] ?? "public")
        guard parsed.unknown.isEmpty else {
            return fail("invalid_scope", "Unknown scope: \(parsed.unknown.joined(separator: ", ")).")
        }
        let challenge = parameters["code_challenge"].flatMap { $0.isEmpty ? nil : $0 }
        // A method is checked whenever given, with or without a challenge: a client sending one means PKCE.
        let method = parameters["code_challenge_method"].flatMap { $0.isEmpty ? nil : $0 }
        if method != nil || challenge != nil, method != "S256" {
            return fail("invalid_request", "code_challenge_method must be S256.")
        }
        if let challenge {
            guard (43...128).contains(challenge.count) else {
                return fail("invalid_request", "code_challenge must be 43 to 128 characters.")
            }
        } else if app.isPublic {
            return fail("invalid_request", "PKCE (code_challenge with S256) is required for this application.")
        }
        return .valid(
            AuthorizationRequest(
                app: app, redirectURI: redirectURI, scopes: parsed.scopes.isEmpty ? [.public] : parsed.scopes,
                state: state, codeChallenge: challenge
            ))
    }

    @Sendable func authorize(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let parameters = Dictionary(query.pairs.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        switch try await validate(parameters, text: context.text) {
        case .page(let response), .redirect(let response):
            return response
        case .valid(let authorization):
            guard case .user(let user, _, .session) = context.caller else {
                let back = FeedOperation.oauthAuthorize.pathTemplate + "?" + (request.uri.query ?? "")
                let encoded = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
                return HTMLPage.redirect(to: "/account/login?return_to=\(encoded)")
            }
            return consentPage(context.text, authorization, user: user, parameters: parameters)
        }
    }

    func consentPage(
        _ text: PageText, _ authorization: AuthorizationRequest, user: UserRecord, parameters: [String: String]
    ) -> Response {
        let hidden = [
            "client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge",
            "code_challenge_method",
        ]
        .map { HTMLPage.hidden($0, parameters[$0]) }.joined()
        return HTMLPage.consent(
            text, app: authorization.app.name, user: user, asks: authorization.scopes.map { text($0.summaryKey) },
            action: ServerOperation.oauthDecide.pathTemplate, hidden: hidden
        )
    }

    @Sendable func decide(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters = try await RequestParameters.collect(request, context: context)
        guard case .user(let user, _, .session) = context.caller else {
            return errorPage(context.text, "page.notSignedIn.title", "page.notSignedIn.text", status: .unauthorized)
        }
        switch try await validate(parameters.values, text: context.text) {
        case .page(let response), .redirect(let response):
            return response
        case .valid(let authorization):
            guard try parameters["decision"] == "allow" else {
                return errorRedirect(
                    authorization.redirectURI, error: "access_denied",
                    description: "The user denied access.", state: authorization.state)
            }
            let code = Secrets.make()
            try await store.createCode(
                codeHash: Secrets.hash(code),
                grant: CodeGrant(
                    appID: authorization.app.id, userID: user.id, redirectURI: authorization.redirectURI,
                    scope: authorization.scopes.map(\.rawValue).joined(separator: " "),
                    codeChallenge: authorization.codeChallenge,
                    expiresAt: Date().addingTimeInterval(Self.codeLifetime)
                ))
            var items = [URLQueryItem(name: "code", value: code)]
            if let state = authorization.state { items.append(URLQueryItem(name: "state", value: state)) }
            if authorization.redirectURI == Self.outOfBand {
                return HTMLPage.redirect(
                    to: Self.appending(items, to: ServerOperation.oauthNativeCode.pathTemplate), status: .found)
            }
            return HTMLPage.redirect(to: Self.appending(items, to: authorization.redirectURI), status: .found)
        }
    }

    @Sendable func native(_ request: Request, context: FeedRequestContext) async throws -> Response {
        guard let code = QueryParameters(request.uri.query)["code"], !code.isEmpty else {
            return errorPage(context.text, "page.noCode.title", "page.noCode.text", status: .badRequest)
        }
        let text = context.text
        return HTMLPage.response(
            text, title: text("page.code.title"),
            body: """
                <h1>\(HTMLPage.escape(text("page.code.title")))</h1>
                <p>\(HTMLPage.escape(text("page.code.text")))</p>
                <p class="code"><code id="code">\(HTMLPage.escape(code))</code></p>
                <p class="muted">\(HTMLPage.escape(text("page.code.expiry")))</p>
                """)
    }

    static func appending(_ items: [URLQueryItem], to uri: String) -> String {
        guard var components = URLComponents(string: uri) else { return uri }
        components.queryItems = (components.queryItems ?? []) + items
        // URLComponents leaves "+" unescaped in queries, which form decoders read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? uri
    }

    func errorRedirect(_ redirectURI: String, error: String, description: String, state: String?) -> Response {
        var items = [
            URLQueryItem(name: "error", value: error), URLQueryItem(name: "error_description", value: description),
        ]
        if let state { items.append(URLQueryItem(name: "state", value: state)) }
        let target = redirectURI == Self.outOfBand ? ServerOperation.oauthNativeCode.pathTemplate : redirectURI
        return HTMLPage.redirect(to: Self.appending(items, to: target), status: .found)
    }

    /// A page that says what went wrong (see ``HTMLPage/message(_:_:_:_:status:)``), a 400 unless said otherwise.
    func errorPage(
        _ text: PageText, _ title: String, _ message: String, _ values: [String: String] = [:],
        status: HTTPResponse.Status = .badRequest
    ) -> Response {
        HTMLPage.message(text, title, message, values, status: status)
    }

    // MARK: token

    /// The app a request authenticated as, or the error response to send.
    enum ClientAuthentication {
        case success(OAuthApp)
        case failure(Response)
    }

    /// A body the token endpoints cannot read, answered as OAuth clients read errors there (RFC 6749 §5.2), not
    /// with the API's `{"errors": [...]}`. Every such error is a 400 there, a body too large aside.
    static func unreadable(_ error: APIError) -> Response {
        oauthError(
            "invalid_request", error.messages.joined(separator: " "),
            status: error.status == .contentTooLarge ? .contentTooLarge : .badRequest)
    }

    static func oauthError(
        _ error: String, _ description: String, status: HTTPResponse.Status = .badRequest,
        basic: Bool = false
    ) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if basic { headers[.wwwAuthenticate] = "Basic realm=\"ImageFeed\"" }
        return FeedJSONEncoder.response(
            OAuthErrorBody(error: error, errorDescription: description), status: status, headers: headers)
    }

    static let invalidClient =
        "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method."

    /// The app a token or revoke request authenticates as: HTTP Basic, or client_id (and client_secret) parameters.
    func authenticateClient(_ request: Request, _ parameters: RequestParameters) async throws
        -> ClientAuthentication
    {
        var clientID = parameters.values["client_id"]
        var secret = parameters.values["client_secret"]
        var usedBasic = false
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        {
            usedBasic = true
            clientID = String(pair[..<colon]).removingPercentEncoding ?? String(pair[..<colon])
            let rawSecret = String(pair[pair.index(after: colon)...])
            secret = rawSecret.removingPercentEncoding ?? rawSecret
        }
        guard let clientID, !clientID.isEmpty, let app = try await store.app(accessKey: clientID) else {
            return .failure(
                Self.oauthError("invalid_client", Self.invalidClient, status: .unauthorized, basic: usedBasic))
        }
        if let secret, !secret.isEmpty {
            guard Secrets.constantTimeEqual(Secrets.hash(secret), app.secretHash) else {
                return .failure(
                    Self.oauthError("invalid_client", Self.invalidClient, status: .unauthorized, basic: usedBasic))
            }
        } else if !app.isPublic {
            return .failure(
                Self.oauthError("invalid_client", Self.invalidClient, status: .unauthorized, basic: usedBasic))
        }
        return .success(app)
    }

    @Sendable func token(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters: RequestParameters
        do {
            parameters = try await RequestParameters.collect(request, context: context)
            try parameters.check(["client_id", "client_secret", "grant_type", "code", "redirect_uri", "code_verifier"])
        } catch let error as APIError {
            return Self.unreadable(error)
        }
        let app: OAuthApp
        switch try await authenticateClient(request, parameters) {
        case .failure(let response): return response
        case .success(let found): app = found
        }
        guard let grantType = parameters.values["grant_type"], !grantType.isEmpty else {
            return Self.oauthError("invalid_request", "grant_type is missing.")
        }
        guard grantType == "authorization_code" else {
            return Self.oauthError("unsupported_grant_type", "Only the authorization_code grant is supported.")
        }
        guard let code = parameters.values["code"], !code.isEmpty else {
            return Self.oauthError("invalid_request", "code is missing.")
        }
        let invalidGrant = "The authorization code is invalid, expired, already used, or was issued to another client."
        guard case .granted(let grant) = try await store.redeemCode(codeHash: Secrets.hash(code)),
            grant.appID == app.id, grant.expiresAt > Date()
        else {
            return Self.oauthError("invalid_grant", invalidGrant)
        }
        if let given = parameters.values["redirect_uri"], !given.isEmpty, given != grant.redirectURI {
            return Self.oauthError("invalid_grant", "redirect_uri does not match the one used to get the code.")
        }
        if let challenge = grant.codeChallenge {
            guard let verifier = parameters.values["code_verifier"], !verifier.isEmpty,
                Secrets.constantTimeEqual(Secrets.pkceChallenge(verifier: verifier), challenge)
            else {
                return Self.oauthError("invalid_grant", "The PKCE code_verifier does not match the code_challenge.")
            }
        }
        let accessToken = Secrets.make()
        let now = Date()
        guard
            try await store.createToken(
                tokenHash: Secrets.hash(accessToken), appID: app.id, userID: grant.userID, codeHash: Secrets.hash(code),
                scope: grant.scope, createdAt: now
            )
        else {
            return Self.oauthError("invalid_grant", invalidGrant)
        }
        return FeedJSONEncoder.response(
            OAuthToken(accessToken: accessToken, scope: grant.scope, createdAt: Int(now.timeIntervalSince1970)),
            headers: [.cacheControl: "no-store", HTTPField.Name("Pragma")!: "no-cache"]
        )
    }

    @Sendable func revoke(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let parameters: RequestParameters
        do {
            parameters = try await RequestParameters.collect(request, context: context)
            try parameters.check(["client_id", "client_secret", "token"])
        } catch let error as APIError {
            return Self.unreadable(error)
        }
        let app: OAuthApp
        switch try await authenticateClient(request, parameters) {
        case .failure(let response): return response
        case .success(let found): app = found
        }
        guard let token = parameters.values["token"], !token.isEmpty else {
            return Self.oauthError("invalid_request", "token is missing.")
        }
        try await store.revokeToken(hash: Secrets.hash(token), appID: app.id)
        return FeedJSONEncoder.response([String: String](), headers: [.cacheControl: "no-store"])
    }
}
