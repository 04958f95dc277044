import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("OAuth: /oauth/token and /oauth/revoke")
struct OAuthTokenTests {
    /// How clients send the token request (unsplash reference §4.3).
    enum Wire: String, CaseIterable, Sendable {
        /// The docs and unsplash-js v6: a form body with the client credentials in it.
        case formWithCredentials
        /// python-unsplash through requests-oauthlib: HTTP Basic, a form body without client_id.
        case basicWithForm
        /// The iOS apps: everything in the query string of a POST with no body.
        case queryOnly
        /// SShliakhin's iOS app: the query string plus the body `""` as application/json.
        case queryWithEmptyJSONBody
        /// A JSON object body (the OpenAPI description).
        case jsonObject
    }

    @Test(arguments: Backend.available, Wire.allCases)
    func code_is_exchanged_for_a_token_however_the_client_sends_it(backend: Backend, wire: Wire) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("wired"))
            let code = try await server.client.authorizationCode(
                app, cookie: cookie, scope: "public read_user write_likes")
            let all = formEncoded([
                "client_id": app.key, "client_secret": app.secret, "redirect_uri": callbackURI, "code": code,
                "grant_type": "authorization_code",
            ])
            let basic = "Basic " + Data("\(app.key):\(app.secret)".utf8).base64EncodedString()
            let before = Int(Date().timeIntervalSince1970)

            // act
            let response: TestResponse
            switch wire {
            case .formWithCredentials:
                response = try await server.client.send(
                    .post, "/oauth/token", headers: [.contentType: "application/x-www-form-urlencoded"], body: all)
            case .basicWithForm:
                response = try await server.client.send(
                    .post, "/oauth/token",
                    headers: [.contentType: "application/x-www-form-urlencoded", .authorization: basic],
                    body: formEncoded([
                        "grant_type": "authorization_code", "code": code, "redirect_uri": callbackURI,
                        "scope": "public read_user write_likes",
                    ]))
            case .queryOnly:
                response = try await server.client.send(.post, "/oauth/token?" + all)
            case .queryWithEmptyJSONBody:
                response = try await server.client.send(
                    .post, "/oauth/token?" + all, headers: [.contentType: "application/json"], body: "\"\"")
            case .jsonObject:
                let json = try JSONSerialization.data(withJSONObject: [
                    "client_id": app.key, "client_secret": app.secret, "redirect_uri": callbackURI, "code": code,
                    "grant_type": "authorization_code",
                ])
                response = try await server.client.send(
                    .post, "/oauth/token", headers: [.contentType: "application/json"],
                    body: String(decoding: json, as: UTF8.self))
            }

            // assert
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(response.headers[.cacheControl] == "no-store")
            let object = try response.object()
            let token = try #require(object["access_token"] as? String)
            #expect(object["token_type"] as? String == "bearer")
            #expect(object["scope"] as? String == "public read_user write_likes")
            let createdAt = try #require(object["created_at"] as? Int)
            #expect(response.text.range(of: #""created_at":\s*\d+\s*[,}]"#, options: .regularExpression) != nil)
            #expect(createdAt >= before - 1 && createdAt <= before + 60)
            #expect(try await server.client.get("/me", headers: bearer(token)).status == .ok)
        }
    }

    @Test(arguments: ["public", "read_user public", "write_likes public read_user", "read_collections write_user"])
    func token_scope_is_exactly_the_requested_scopes(scope: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("exact"))
            let code = try await server.client.authorizationCode(app, cookie: cookie, scope: scope)

            // act
            let response = try await server.client.exchange(code, app)

            // assert
            #expect(try response.object()["scope"] as? String == scope)
        }
    }

    @Test
    func missing_scope_means_public() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("defaulted"))
            let decision = try await server.client.decide(authorizeQuery(app, scope: nil), cookie: cookie)
            let location = try #require(decision.location)
            let code = try #require(queryItems(location)["code"])

            // act
            let response = try await server.client.exchange(code, app)

            // assert
            #expect(try response.object()["scope"] as? String == "public")
        }
    }

    @Test(arguments: Backend.available)
    func a_code_works_once_and_its_reuse_revokes_the_first_token(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("replayed"))
            let code = try await server.client.authorizationCode(app, cookie: cookie)
            let first = try await server.client.exchange(code, app)
            let token = try #require(try first.object()["access_token"] as? String)
            #expect(try await server.client.get("/me", headers: bearer(token)).status == .ok)

            // act
            let second = try await server.client.exchange(code, app)

            // assert
            #expect(second.status == .badRequest)
            #expect(try second.object()["error"] as? String == "invalid_grant")
            #expect(try second.object()["error_description"] is String)
            let me = try await server.client.get("/me", headers: bearer(token))
            #expect(me.status == .unauthorized)
            #expect(me.errors == ["OAuth error: The access token is invalid"])
        }
    }

    /// Replays racing with the first exchange: at most one gets a token, and since the code was replayed, no token
    /// from it works afterwards.
    @Test(arguments: Backend.available)
    func concurrent_exchanges_of_one_code_leave_no_working_token(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let app = try await server.app()
            let cookie = try await first.signedInCookie(TestUser("racer"))
            let code = try await first.authorizationCode(app, cookie: cookie)

            // act: six exchanges at once, spread over two instances
            let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for index in 0..<6 {
                    group.addTask {
                        let response = try await (index.isMultiple(of: 2) ? first : second).exchange(code, app)
                        return (response.status.code, try? response.object()["access_token"] as? String)
                    }
                }
                return try await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
            }

            // assert
            #expect(answers.filter { $0.0 == 200 }.count <= 1)
            #expect(answers.filter { $0.0 == 400 }.count >= 5)
            for token in answers.compactMap(\.1) {
                #expect(try await first.get("/me", headers: bearer(token)).status == .unauthorized)
            }
        }
    }

    /// Two requests race with one code: the first redeems it, the second finds it used and revokes what it produced,
    /// and only then does the first write its token. That token must not work either (RFC 6749 §4.1.2).
    @Test(arguments: Backend.available)
    func a_token_written_after_its_code_was_replayed_is_not_valid(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            try await server.client.signUp(TestUser("slowpoke"))
            let user = try #require(try await server.store.user(username: "slowpoke"))
            let code = Secrets.make()
            try await server.store.createCode(
                codeHash: Secrets.hash(code),
                grant: CodeGrant(
                    appID: app.app.id, userID: user.id, redirectURI: callbackURI, scope: "read_user",
                    codeChallenge: nil,
                    expiresAt: Date().addingTimeInterval(600)))
            let token = Secrets.make()

            // act: the interleaving of the two token requests, step by step
            let firstRedemption = try await server.store.redeemCode(codeHash: Secrets.hash(code))
            let replay = try await server.store.redeemCode(codeHash: Secrets.hash(code))
            try await server.store.createToken(
                tokenHash: Secrets.hash(token), appID: app.app.id, userID: user.id, codeHash: Secrets.hash(code),
                scope: "read_user", createdAt: Date())

            // assert
            guard case .granted = firstRedemption else {
                Issue.record("first redemption: \(firstRedemption)")
                return
            }
            #expect(replay == .reused)
            #expect(try await server.store.token(hash: Secrets.hash(token)) == nil)
            #expect(try await server.client.get("/me", headers: bearer(token)).status == .unauthorized)
        }
    }

    @Test(arguments: Backend.available)
    func an_expired_code_is_invalid_grant(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: a code that expired a minute ago
            let app = try await server.app()
            try await server.client.signUp(TestUser("late"))
            let user = try #require(try await server.store.user(username: "late"))
            let code = Secrets.make()
            try await server.store.createCode(
                codeHash: Secrets.hash(code),
                grant: CodeGrant(
                    appID: app.app.id, userID: user.id, redirectURI: callbackURI, scope: "public", codeChallenge: nil,
                    expiresAt: Date().addingTimeInterval(-60)))

            // act
            let response = try await server.client.exchange(code, app)

            // assert
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] as? String == "invalid_grant")
        }
    }

    @Test
    func an_unknown_code_is_invalid_grant() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()

            // act
            let response = try await server.client.exchange("made-up", app)

            // assert
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] as? String == "invalid_grant")
        }
    }

    @Test
    func a_code_issued_to_another_app_is_invalid_grant() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let other = try await server.registerApp(name: "Other")
            let cookie = try await server.client.signedInCookie(TestUser("crossed"))
            let code = try await server.client.authorizationCode(app, cookie: cookie)

            // act
            let response = try await server.client.exchange(code, other)

            // assert
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] as? String == "invalid_grant")
        }
    }

    @Test
    func a_different_redirect_uri_at_exchange_is_invalid_grant() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("redirected"))
            let code = try await server.client.authorizationCode(app, cookie: cookie)

            // act
            let response = try await server.client.exchange(code, app, redirectURI: outOfBand)

            // assert
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] as? String == "invalid_grant")
        }
    }

    @Test(arguments: Backend.available)
    func pkce_verifier_is_checked(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.registerApp(isPublic: true)
            let cookie = try await server.client.signedInCookie(TestUser("prover"))
            let verifier = Secrets.make(bytes: 48)
            let pkce: KeyValuePairs<String, String> = [
                "code_challenge": Secrets.pkceChallenge(verifier: verifier), "code_challenge_method": "S256",
            ]
            let wrongCode = try await server.client.authorizationCode(app, cookie: cookie, extra: pkce)
            let missingCode = try await server.client.authorizationCode(app, cookie: cookie, extra: pkce)
            let rightCode = try await server.client.authorizationCode(app, cookie: cookie, extra: pkce)
            let publicClient = RegisteredApp(app: app.app, secret: "")

            // act
            let wrong = try await server.client.exchange(
                wrongCode, publicClient, extra: ["code_verifier": Secrets.make()])
            let missing = try await server.client.exchange(missingCode, publicClient)
            let right = try await server.client.exchange(rightCode, publicClient, extra: ["code_verifier": verifier])

            // assert
            #expect(wrong.status == .badRequest)
            #expect(try wrong.object()["error"] as? String == "invalid_grant")
            #expect(missing.status == .badRequest)
            #expect(try missing.object()["error"] as? String == "invalid_grant")
            #expect(right.status == .ok)
            #expect(try right.object()["access_token"] is String)
        }
    }

    @Test
    func rfc7636_example_verifier_matches_its_challenge() {
        // RFC 7636 appendix B
        #expect(
            Secrets.pkceChallenge(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    enum BadCredentials: String, CaseIterable, Sendable {
        case wrongSecretInForm, wrongSecretInBasic, unknownClient, noCredentials, noSecretForConfidentialApp
    }

    @Test(arguments: BadCredentials.allCases)
    func bad_client_credentials_are_401_invalid_client(bad: BadCredentials) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("impostor"))
            let code = try await server.client.authorizationCode(app, cookie: cookie)
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            var body = formEncoded(["grant_type": "authorization_code", "code": code, "redirect_uri": callbackURI])
            switch bad {
            case .wrongSecretInForm: body += "&client_id=\(app.key)&client_secret=wrong"
            case .wrongSecretInBasic:
                headers[.authorization] = "Basic " + Data("\(app.key):wrong".utf8).base64EncodedString()
            case .unknownClient: body += "&client_id=unknown&client_secret=\(app.secret)"
            case .noCredentials: break
            case .noSecretForConfidentialApp: body += "&client_id=\(app.key)"
            }

            // act
            let response = try await server.client.send(.post, "/oauth/token", headers: headers, body: body)

            // assert
            #expect(response.status == .unauthorized)
            let object = try response.object()
            #expect(object["error"] as? String == "invalid_client")
            #expect((object["error_description"] as? String)?.isEmpty == false)
            if bad == .wrongSecretInBasic { #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true) }
        }
    }

    @Test(arguments: [
        ("", "invalid_request"), ("password", "unsupported_grant_type"),
        ("refresh_token", "unsupported_grant_type"),
    ])
    func other_grant_types_are_refused_with_an_oauth_error(grantType: String, error: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()

            // act
            let response = try await server.client.send(
                .post, "/oauth/token", headers: [.contentType: "application/x-www-form-urlencoded"],
                body: formEncoded(["grant_type": grantType, "client_id": app.key, "client_secret": app.secret]))

            // assert
            #expect(response.status == .badRequest)
            let object = try response.object()
            #expect(object["error"] as? String == error)
            #expect(object["error_description"] is String)
        }
    }

    @Test(arguments: Backend.available, [false, true])
    func revoke_makes_the_token_invalid(backend: Backend, basic: Bool) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("revoker"), app: app, scope: "public read_user")
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            var body = formEncoded(["token": token])
            if basic {
                headers[.authorization] = "Basic " + Data("\(app.key):\(app.secret)".utf8).base64EncodedString()
            } else {
                body += "&" + formEncoded(["client_id": app.key, "client_secret": app.secret])
            }

            // act
            let response = try await server.client.send(.post, "/oauth/revoke", headers: headers, body: body)

            // assert
            #expect(response.status == .ok)
            let me = try await server.client.get("/me", headers: bearer(token))
            #expect(me.status == .unauthorized)
            #expect(me.errors == ["OAuth error: The access token is invalid"])
        }
    }

    @Test
    func another_app_cannot_revoke_a_token() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let other = try await server.registerApp(name: "Other")
            let token = try await server.client.accessToken(TestUser("guarded"), app: app, scope: "read_user")

            // act
            let response = try await server.client.send(
                .post, "/oauth/revoke", headers: [.contentType: "application/x-www-form-urlencoded"],
                body: formEncoded(["token": token, "client_id": other.key, "client_secret": other.secret]))

            // assert
            #expect(response.status == .ok)  // RFC 7009 §2.2: no hint whether the token exists
            #expect(try await server.client.get("/me", headers: bearer(token)).status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func tokens_are_stored_only_as_hashes(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()

            // act
            let token = try await server.client.accessToken(TestUser("hashy"), app: app, scope: "public")

            // assert
            let grant = try await server.store.token(hash: Secrets.hash(token))
            #expect(grant?.user.username == "hashy")
            #expect(try await server.store.token(hash: token) == nil)
        }
    }
}
