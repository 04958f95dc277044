import FeedLibrary
import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The redirect URI the test apps register first.
public let callbackURI = "https://client.example/cb"
/// The out-of-band redirect URI, for apps that show the code instead of receiving it.
public let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

/// A registered OAuth app with its secret.
public struct RegisteredApp: Sendable {
    public var app: OAuthApp
    public var secret: String
    /// The app's access key (its client id).
    public var key: String { app.accessKey }

    public init(app: OAuthApp, secret: String) {
        self.app = app
        self.secret = secret
    }
}

extension TestServer {
    /// The server's own OAuth app ("Photo Frame", redirecting to ``callbackURI`` or out of band), registered on
    /// first use, so a test that never asks for it sees no app. Tokens of users made in the store belong to it.
    public func app() async throws -> RegisteredApp {
        try await oauthApp.app()
    }

    /// Registers another app the way the CLI and the settings page do.
    public func registerApp(
        name: String = "Photo Frame", redirectURIs: [String] = [callbackURI, outOfBand], isPublic: Bool = false
    ) async throws -> RegisteredApp {
        try await Self.registerApp(store, name: name, redirectURIs: redirectURIs, isPublic: isPublic)
    }

    static func registerApp(
        _ store: LibraryStore, name: String = "Photo Frame", redirectURIs: [String] = [callbackURI, outOfBand],
        isPublic: Bool = false
    ) async throws -> RegisteredApp {
        let registered = try await AppRegistration.register(
            name: name, ownerID: nil, redirectURIs: redirectURIs, isPublic: isPublic, store: store)
        return RegisteredApp(app: registered.app, secret: registered.secret)
    }
}

/// The server's own app, registered once, when first asked for.
actor OAuthAppSlot {
    private let store: LibraryStore
    private var registering: Task<RegisteredApp, any Error>?

    init(store: LibraryStore) {
        self.store = store
    }

    func app() async throws -> RegisteredApp {
        if let registering { return try await registering.value }
        let store = store
        let task = Task { try await TestServer.registerApp(store) }
        registering = task
        return try await task.value
    }
}

/// The query of an authorization request.
public func authorizeQuery(
    _ app: RegisteredApp, redirectURI: String = callbackURI, scope: String? = "public read_user",
    responseType: String = "code", state: String? = "xyz", extra: KeyValuePairs<String, String> = [:]
) -> String {
    var pairs: [(String, String)] = [
        ("client_id", app.key), ("redirect_uri", redirectURI),
        ("response_type", responseType),
    ]
    if let scope { pairs.append(("scope", scope)) }
    if let state { pairs.append(("state", state)) }
    pairs += extra.map { ($0.key, $0.value) }
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        .joined(separator: "&")
}

extension TestClientProtocol {
    /// Consents (or refuses) as the signed-in user; returns the redirect.
    public func decide(_ query: String, cookie: String, decision: String = "allow") async throws -> TestResponse {
        var headers = formHeaders(cookie: cookie)
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(.post, "/oauth/authorize", headers: headers, body: query + "&decision=\(decision)")
    }

    /// Consents and returns the authorization code from the redirect.
    public func authorizationCode(
        _ app: RegisteredApp, cookie: String, redirectURI: String = callbackURI, scope: String = "public read_user",
        extra: KeyValuePairs<String, String> = [:]
    ) async throws -> String {
        let response = try await decide(
            authorizeQuery(app, redirectURI: redirectURI, scope: scope, extra: extra), cookie: cookie)
        try #require(response.status == .found, "consent failed: \(response.status) \(response.text)")
        let location = try #require(response.location)
        return try #require(queryItems(location)["code"])
    }

    /// Exchanges a code with the client credentials in a form body.
    public func exchange(
        _ code: String, _ app: RegisteredApp, redirectURI: String = callbackURI,
        extra: KeyValuePairs<String, String> = [:]
    ) async throws -> TestResponse {
        var pairs: [(String, String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", app.key), ("client_secret", app.secret),
        ]
        pairs += extra.map { ($0.key, $0.value) }
        let body = pairs.map { formEncoded([$0.0: $0.1]) }.joined(separator: "&")
        return try await send(
            .post, "/oauth/token", headers: [.contentType: "application/x-www-form-urlencoded"], body: body)
    }

    /// Signs `user` up, consents to `app` with `scope` and returns the access token.
    public func accessToken(_ user: TestUser, app: RegisteredApp, scope: String) async throws -> String {
        let cookie = try await signedInCookie(user)
        return try await accessToken(cookie: cookie, app: app, scope: scope)
    }

    /// Consents to `app` with `scope` as the signed-in user of `cookie` and returns the access token.
    public func accessToken(cookie: String, app: RegisteredApp, scope: String) async throws -> String {
        let code = try await authorizationCode(app, cookie: cookie, scope: scope)
        let response = try await exchange(code, app)
        try #require(response.status == .ok, "token exchange failed: \(response.text)")
        return try #require(try response.object()["access_token"] as? String)
    }
}
