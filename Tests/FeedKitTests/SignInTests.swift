import Foundation
import TestSupport
import Testing

@testable import FeedKit

@Suite("Sign-in against the live server")
struct SignInTests {
    static let redirect = "feedkit-test://signed-in"

    /// Plays the browser: signs `user` up, opens the authorization page with their session and allows (or denies)
    /// it; returns where the server sent the browser.
    static func consent(
        _ live: LiveServer, _ request: AuthorizationRequest, as user: TestUser = TestUser("nina"),
        decision: String = "allow"
    ) async throws -> URL {
        let cookie = try await live.server.client.signedInCookie(user)
        let page = try await live.server.client.get(
            TrafficLog.pathAndQuery(request.url), headers: [.cookie: cookie])
        try #require(page.status == .ok, "the consent page: \(page.status) \(page.text)")
        let response = try await live.server.client.decide(request.url.query!, cookie: cookie, decision: decision)
        try #require(response.status == .found, "consent: \(response.status) \(response.text)")
        let location = try #require(response.location)
        return try #require(URL(string: location, relativeTo: live.baseURL)?.absoluteURL)
    }

    static func app(_ live: LiveServer, isPublic: Bool = true) async throws -> RegisteredApp {
        try await live.server.registerApp(redirectURIs: [redirect, outOfBand], isPublic: isPublic)
    }

    @Test func theCodeFlowWithPKCEGivesATokenThatWorks() async throws {
        try await withLiveServer { live in
            let app = try await Self.app(live)
            let configuration = OAuthConfiguration(
                clientID: app.key, redirectURI: Self.redirect, scopes: ["public", "read_user", "write_likes"])
            let client = live.client()
            let request = AuthorizationRequest(client: client, configuration: configuration)
            let query = Dictionary(
                uniqueKeysWithValues: URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
                    .queryItems!.map { ($0.name, $0.value ?? "") })
            #expect(query["code_challenge_method"] == "S256")
            #expect(query["code_challenge"] == AuthorizationRequest.challenge(for: request.codeVerifier))
            #expect(query["state"] == request.state)
            #expect(query["scope"] == "public read_user write_likes")

            let redirect = try await Self.consent(live, request)
            #expect(redirect.scheme == "feedkit-test")
            let code = try request.code(fromRedirect: redirect)
            let token = try await client.exchange(code: code, for: request)
            #expect(token.tokenType == "bearer")
            #expect(token.scopes == ["public", "read_user", "write_likes"])

            let me = try await client.withCredentials(.userToken(token.accessToken)).me()
            #expect(me.username == "nina")

            // The code works once.
            await #expect(throws: FeedError.self) { try await client.exchange(code: code, for: request) }
        }
    }

    @Test func aCodeIsRefusedWithoutTheRightVerifier() async throws {
        try await withLiveServer { live in
            let app = try await Self.app(live)
            let configuration = OAuthConfiguration(clientID: app.key, redirectURI: Self.redirect)
            let client = live.client()
            let request = AuthorizationRequest(client: client, configuration: configuration)
            let code = try request.code(fromRedirect: try await Self.consent(live, request))
            let impostor = AuthorizationRequest(
                client: client, configuration: configuration, state: request.state,
                codeVerifier: AuthorizationRequest.randomToken())
            do {
                _ = try await client.exchange(code: code, for: impostor)
                Issue.record("a wrong verifier was accepted")
            } catch let FeedError.authorization(code, message) {
                #expect(code == "invalid_grant")
                #expect(message.contains("code_verifier"))
            }
        }
    }

    @Test func theOutOfBandPageCarriesTheCode() async throws {
        try await withLiveServer { live in
            let app = try await Self.app(live, isPublic: false)
            let configuration = OAuthConfiguration(
                clientID: app.key, clientSecret: app.secret, redirectURI: OAuthConfiguration.outOfBand,
                scopes: ["public", "read_user"])
            let client = live.client()
            let request = AuthorizationRequest(client: client, configuration: configuration)
            let redirect = try await Self.consent(live, request)
            #expect(redirect.path == "/oauth/authorize/native")
            let page = try await live.server.client.get(TrafficLog.pathAndQuery(redirect))
            #expect(page.status == .ok)
            let code = try request.code(fromRedirect: redirect)
            #expect(page.text.contains(code))
            let token = try await client.exchange(code: code, for: request)
            #expect(try await client.withCredentials(.userToken(token.accessToken)).me().username == "nina")
        }
    }

    @Test func aRefusalAndAForeignStateAreReported() async throws {
        try await withLiveServer { live in
            let app = try await Self.app(live)
            let configuration = OAuthConfiguration(clientID: app.key, redirectURI: Self.redirect)
            let request = AuthorizationRequest(client: live.client(), configuration: configuration)
            let denied = try await Self.consent(live, request, decision: "deny")
            #expect(throws: SignInError.denied("The user denied access.")) { try request.code(fromRedirect: denied) }

            let other = AuthorizationRequest(client: live.client(), configuration: configuration)
            let theirs = try await Self.consent(live, other, as: TestUser("omar"))
            #expect(throws: SignInError.stateMismatch) { try request.code(fromRedirect: theirs) }
            #expect(throws: SignInError.unexpectedRedirect("https://evil.example/cb?code=x&state=\(request.state)")) {
                try request.code(fromRedirect: URL(string: "https://evil.example/cb?code=x&state=\(request.state)")!)
            }
        }
    }

    @Test func aRevokedTokenNeedsSigningInAgain() async throws {
        try await withLiveServer { live in
            let app = try await Self.app(live)
            let configuration = OAuthConfiguration(clientID: app.key, redirectURI: Self.redirect, scopes: ["read_user"])
            let client = live.client()
            let request = AuthorizationRequest(client: client, configuration: configuration)
            let code = try request.code(fromRedirect: try await Self.consent(live, request))
            let token = try await client.exchange(code: code, for: request)
            let signedIn = client.withCredentials(.userToken(token.accessToken))
            _ = try await signedIn.me()

            try await client.revoke(token.accessToken, configuration: configuration)
            do {
                _ = try await signedIn.me()
                Issue.record("a revoked token still worked")
            } catch let error as FeedError {
                #expect(error.needsSignIn)
            }
        }
    }

    @Test func theFileTokenStoreKeepsTokensPrivatelyAndForgetsThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedkit-tokens-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(directory: directory)
        let token = OAuthToken(accessToken: "abc", scope: "public read_user", createdAt: 1_700_000_000)
        #expect(try await store.token(for: "https://photos.example/nina") == nil)
        try await store.save(token, for: "https://photos.example/nina")
        try await store.save(OAuthToken(accessToken: "other", scope: "public", createdAt: 1), for: "omar")
        #expect(try await store.token(for: "https://photos.example/nina") == token)

        let file = store.path(for: "https://photos.example/nina")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)

        // A second save replaces the first; a reopened store reads it.
        let renewed = OAuthToken(accessToken: "def", scope: "public", createdAt: 1_700_000_100)
        try await store.save(renewed, for: "https://photos.example/nina")
        #expect(try await FileTokenStore(directory: directory).token(for: "https://photos.example/nina") == renewed)

        try await store.removeToken(for: "https://photos.example/nina")
        #expect(try await store.token(for: "https://photos.example/nina") == nil)
        #expect(try await store.token(for: "omar")?.accessToken == "other")
        try await store.removeToken(for: "nobody")
    }
}
