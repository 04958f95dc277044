import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Accounts: cross-site request protection")
struct CSRFTests {
    /// What a cookie-carrying request says about where it comes from.
    enum Provenance: String, CaseIterable, Sendable {
        case nothing, foreignOrigin, foreignReferer, nullOrigin, ownOrigin, ownReferer

        var headers: HTTPFields {
            switch self {
            case .nothing: [:]
            case .foreignOrigin: [.origin: "https://evil.example"]
            case .foreignReferer: [.referer: "https://evil.example/page"]
            case .nullOrigin: [.origin: "null"]
            case .ownOrigin: [.origin: "http://localhost"]
            case .ownReferer: [.referer: "http://localhost/account/settings"]
            }
        }

        var isAllowed: Bool { self == .ownOrigin || self == .ownReferer }
    }

    @Test(arguments: Provenance.allCases)
    func cookie_put_me_needs_the_servers_own_origin(provenance: Provenance) async throws {
        try await withTestServer { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("surfer"))
            var headers = provenance.headers
            headers[.cookie] = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"

            // act
            let response = try await server.client.send(.put, "/me", headers: headers, body: "bio=owned")

            // assert
            let bio = try await server.client.get("/me", headers: [.cookie: cookie]).object()["bio"] as? String
            if provenance.isAllowed {
                #expect(response.status == .ok)
                #expect(bio == "owned")
            } else {
                #expect(response.status == .forbidden)
                #expect(response.errors.count == 1)
                #expect(bio == nil)
            }
        }
    }

    @Test(arguments: Provenance.allCases)
    func cookie_logout_needs_the_servers_own_origin(provenance: Provenance) async throws {
        try await withTestServer { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("stayer"))
            var headers = provenance.headers
            headers[.cookie] = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"

            // act
            let response = try await server.client.send(.post, "/account/logout", headers: headers, body: "")

            // assert
            let stillSignedIn = try await server.client.get("/me", headers: [.cookie: cookie]).status == .ok
            if provenance.isAllowed {
                #expect(response.status == .seeOther)
                #expect(!stillSignedIn)
            } else {
                #expect(response.status == .forbidden)
                #expect(stillSignedIn)
            }
        }
    }

    @Test
    func behind_a_trusted_https_proxy_the_own_origin_is_https() async throws {
        try await withTestServer(transport: .live, configure: { $0.trustedProxies = ["127.0.0.1", "::1"] }) { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("proxied"))
            let proto = HTTPField.Name("X-Forwarded-Proto")!

            // act
            let plain = try await server.client.send(
                .put, "/me?bio=a", headers: [.cookie: cookie, .origin: "http://localhost", proto: "https"])
            let secure = try await server.client.send(
                .put, "/me?bio=b", headers: [.cookie: cookie, .origin: "https://localhost", proto: "https"])

            // assert
            #expect(plain.status == .forbidden)
            #expect(secure.status == .ok)
        }
    }

    @Test
    func a_forwarded_scheme_from_anyone_but_a_trusted_proxy_is_ignored() async throws {
        try await withTestServer(transport: .live) { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("unproxied"))
            let proto = HTTPField.Name("X-Forwarded-Proto")!

            // act
            let claimed = try await server.client.send(
                .put, "/me?bio=a", headers: [.cookie: cookie, .origin: "https://localhost", proto: "https"])
            let plain = try await server.client.send(
                .put, "/me?bio=b", headers: [.cookie: cookie, .origin: "http://localhost", proto: "https"])

            // assert
            #expect(claimed.status == .forbidden)
            #expect(plain.status == .ok)
        }
    }

    @Test
    func with_a_public_url_only_that_origin_is_accepted() async throws {
        try await withTestServer(configure: { $0.publicURL = "https://photos.example.com" }) { server in
            // setup
            let signUp = try await server.client.post(
                "/account/signup", form: TestUser("configured").signUpForm,
                headers: formHeaders(origin: "https://photos.example.com", json: true))
            let cookie = try #require(signUp.sessionCookie)

            // act
            let local = try await server.client.send(
                .put, "/me?bio=a", headers: [.cookie: cookie, .origin: "http://localhost"])
            let configured = try await server.client.send(
                .put, "/me?bio=b", headers: [.cookie: cookie, .origin: "https://photos.example.com"])

            // assert
            #expect(local.status == .forbidden)
            #expect(configured.status == .ok)
        }
    }

    @Test
    func bearer_requests_without_origin_are_not_affected() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("native"), app: app, scope: "read_user write_user")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: bearer(token).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: "bio=from-the-app")

            // assert
            #expect(response.status == .ok)
            #expect(try response.object()["bio"] as? String == "from-the-app")
        }
    }

    @Test(arguments: ["/account/login", "/account/signup"])
    func sign_in_and_sign_up_forms_from_another_site_are_refused(path: String) async throws {
        try await withTestServer { server in
            // setup
            let person = TestUser("forged")
            try await server.client.signUp(person)

            // act
            let response = try await server.client.post(
                path,
                form: path == "/account/login"
                    ? ["login": person.email, "password": person.password]
                    : TestUser("forged2").signUpForm,
                headers: formHeaders(origin: "https://evil.example", json: true))

            // assert
            #expect(response.status == .forbidden)
            #expect(response.sessionCookie == nil)
        }
    }

    @Test
    func consent_from_another_site_is_refused() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let cookie = try await server.client.signedInCookie(TestUser("clickjacked"))

            // act
            let response = try await server.client.send(
                .post, "/oauth/authorize",
                headers: [
                    .cookie: cookie, .origin: "https://evil.example",
                    .contentType: "application/x-www-form-urlencoded",
                ],
                body: authorizeQuery(app) + "&decision=allow")

            // assert
            #expect(response.status == .forbidden)
            #expect(response.location == nil)
        }
    }
}
