@testable import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

// The accounts tests run on an empty library (no photos): a fresh database per test, an in-process server over it,
// and a second store on the same database to seed and inspect rows directly.

/// The origin the router test client's requests come to (`Host: localhost`, plain http).
let ownOrigin = "http://localhost"

/// Settings every accounts test starts from: bcrypt at its cheapest, no sign-in delay, rate limits flushed at once.
func fastConfiguration(dataDirectory: String) -> Configuration {
    var configuration = Configuration(dataDirectory: dataDirectory)
    configuration.bcryptCost = 4
    configuration.loginDelayStep = .zero
    configuration.rateLimitFlushInterval = 0
    return configuration
}

/// Runs `body` against one in-process server over a fresh, empty database of `backend`.
func withAccountServer(
    backend: Backend = .sqlite,
    configure: (inout Configuration) -> Void = { _ in },
    _ body: @escaping @Sendable (any TestClientProtocol, LibraryStore) async throws -> Void
) async throws {
    try await withAccountServers(backend: backend, configure: configure) { first, _, store in
        try await body(first, store)
    }
}

/// Runs `body` against two server instances (two applications, two stores) over one fresh database of `backend`,
/// as two processes behind a load balancer would run.
func withAccountServers(
    backend: Backend = .sqlite,
    configure: (inout Configuration) -> Void = { _ in },
    _ body: @escaping @Sendable (any TestClientProtocol, any TestClientProtocol, LibraryStore) async throws -> Void
) async throws {
    let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-accounts")
    defer { try? FileManager.default.removeItem(atPath: data) }
    var configuration = fastConfiguration(dataDirectory: data)
    configure(&configuration)
    let settings = configuration
    // ServerGate (Support/TestServer.swift) bounds the servers open at once, so PostgreSQL keeps connection slots.
    try await ServerGate.gate(for: backend).run {
        try await TestDatabase.withStore(backend) { store, url in
            let firstStore = try await LibraryStore.open(url: url, logger: testLogger)
            let secondStore: LibraryStore
            do {
                secondStore = try await LibraryStore.open(url: url, logger: testLogger)
            } catch {
                try? await firstStore.database.shutdown()
                throw error
            }
            let files = LibraryFiles(root: data)
            let first = try await buildApplication(settings, store: firstStore, files: files, logger: testLogger)
            let second = try await buildApplication(settings, store: secondStore, files: files, logger: testLogger)
            try await first.test(.router) { firstClient in
                try await second.test(.router) { secondClient in
                    try await body(firstClient, secondClient, store)
                }
            }
        }
    }
}

// MARK: - Request bodies and headers

/// `application/x-www-form-urlencoded` encoding of name/value pairs.
func formEncoded(_ pairs: KeyValuePairs<String, String>) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return pairs.map {
        ($0.key.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.key) + "="
            + ($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.value)
    }.joined(separator: "&")
}

func formHeaders(cookie: String? = nil, origin: String? = ownOrigin, json: Bool = false) -> HTTPFields {
    var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    if let cookie { headers[.cookie] = cookie }
    if let origin { headers[.origin] = origin }
    if json { headers[.accept] = "application/json" }
    return headers
}

func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

extension TestClientProtocol {
    func post(_ uri: String, form: KeyValuePairs<String, String>, headers: HTTPFields) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: formEncoded(form)))
    }

    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil)
        async throws -> TestResponse
    {
        try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Every `Set-Cookie` for the session cookie, last one last.
    var sessionSetCookies: [String] {
        headers[values: .setCookie].filter { $0.hasPrefix(SessionCookie.name + "=") }
    }

    /// `name=value` of the session cookie this response sets, ready for a `Cookie` header.
    var sessionCookie: String? {
        sessionSetCookies.last.map { String($0.prefix { $0 != ";" }) }
    }

    /// The attributes of the session `Set-Cookie` (`HttpOnly`, `Max-Age=…`), as written.
    var sessionCookieAttributes: [String] {
        guard let header = sessionSetCookies.last else { return [] }
        return header.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    var location: String? { headers[.location] }
}

// MARK: - People and apps

/// A person's sign-up details; the password satisfies the rules.
struct Person: Sendable {
    var username: String
    var firstName = "Ada"
    var lastName = "Lovelace"
    var email: String
    var password = "correct-horse-7"

    init(_ username: String) {
        self.username = username
        self.email = "\(username)@example.com"
    }

    var form: KeyValuePairs<String, String> {
        ["username": username, "first_name": firstName, "last_name": lastName, "email": email, "password": password]
    }
}

extension TestClientProtocol {
    /// Signs a person up through the JSON form of `/account/signup`.
    @discardableResult
    func signUp(_ person: Person) async throws -> TestResponse {
        try await post("/account/signup", form: person.form, headers: formHeaders(json: true))
    }

    /// Signs in (JSON answer) and returns the response.
    func logIn(_ login: String, _ password: String, cookie: String? = nil, headers extra: HTTPFields = [:])
        async throws -> TestResponse
    {
        var headers = formHeaders(cookie: cookie, json: true)
        for field in extra { headers[field.name] = field.value }
        return try await post("/account/login", form: ["login": login, "password": password], headers: headers)
    }

    /// Signs a new person up and returns their session cookie.
    func signedInCookie(_ person: Person) async throws -> String {
        let response = try await signUp(person)
        try #require(response.status == .created, "sign-up failed: \(response.text)")
        return try #require(response.sessionCookie)
    }
}

/// A registered OAuth app with its secret.
struct RegisteredApp: Sendable {
    var app: OAuthApp
    var secret: String
    var key: String { app.accessKey }
}

let callbackURI = "https://client.example/cb"
let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

/// Registers an app the way the CLI and the settings page do.
func registerApp(_ store: LibraryStore, name: String = "Photo Frame", redirectURIs: [String] = [callbackURI, outOfBand],
                 isPublic: Bool = false) async throws -> RegisteredApp {
    let registered = try await AppRegistration.register(
        name: name, ownerID: nil, redirectURIs: redirectURIs, isPublic: isPublic, store: store)
    return RegisteredApp(app: registered.app, secret: registered.secret)
}

/// The query of an authorization request.
func authorizeQuery(_ app: RegisteredApp, redirectURI: String = callbackURI, scope: String? = "public read_user",
                    responseType: String = "code", state: String? = "xyz", extra: KeyValuePairs<String, String> = [:])
    -> String
{
    var pairs: [(String, String)] = [("client_id", app.key), ("redirect_uri", redirectURI),
                                     ("response_type", responseType)]
    if let scope { pairs.append(("scope", scope)) }
    if let state { pairs.append(("state", state)) }
    pairs += extra.map { ($0.key, $0.value) }
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        .joined(separator: "&")
}

extension TestClientProtocol {
    /// Consents (or refuses) as the signed-in person; returns the redirect.
    func decide(_ query: String, cookie: String, decision: String = "allow") async throws -> TestResponse {
        var headers = formHeaders(cookie: cookie)
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(.post, "/oauth/authorize", headers: headers, body: query + "&decision=\(decision)")
    }

    /// Consents and returns the authorization code from the redirect.
    func authorizationCode(_ app: RegisteredApp, cookie: String, redirectURI: String = callbackURI,
                           scope: String = "public read_user", extra: KeyValuePairs<String, String> = [:])
        async throws -> String
    {
        let response = try await decide(
            authorizeQuery(app, redirectURI: redirectURI, scope: scope, extra: extra), cookie: cookie)
        try #require(response.status == .found, "consent failed: \(response.status) \(response.text)")
        let location = try #require(response.location)
        return try #require(queryItems(location)["code"])
    }

    /// Exchanges a code with the client credentials in a form body.
    func exchange(_ code: String, _ app: RegisteredApp, redirectURI: String = callbackURI,
                  extra: KeyValuePairs<String, String> = [:]) async throws -> TestResponse
    {
        var pairs: [(String, String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", app.key), ("client_secret", app.secret),
        ]
        pairs += extra.map { ($0.key, $0.value) }
        let body = pairs.map { formEncoded([$0.0: $0.1]) }.joined(separator: "&")
        return try await send(
            .post, "/oauth/token", headers: [.contentType: "application/x-www-form-urlencoded"], body: body)
    }

    /// Signs `person` up, consents to `app` with `scope` and returns the access token.
    func accessToken(_ person: Person, app: RegisteredApp, scope: String) async throws -> String {
        let cookie = try await signedInCookie(person)
        return try await accessToken(cookie: cookie, app: app, scope: scope)
    }

    func accessToken(cookie: String, app: RegisteredApp, scope: String) async throws -> String {
        let code = try await authorizationCode(app, cookie: cookie, scope: scope)
        let response = try await exchange(code, app)
        try #require(response.status == .ok, "token exchange failed: \(response.text)")
        return try #require(try response.object()["access_token"] as? String)
    }
}
