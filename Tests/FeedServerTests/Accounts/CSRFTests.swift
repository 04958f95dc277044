@testable import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

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
        try await withAccountServer { client, _ in
            // setup
            let cookie = try await client.signedInCookie(Person("surfer"))
            var headers = provenance.headers
            headers[.cookie] = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"

            // act
            let response = try await client.send(.put, "/me", headers: headers, body: "bio=owned")

            // assert
            let bio = try await client.get("/me", headers: [.cookie: cookie]).object()["bio"] as? String
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
        try await withAccountServer { client, _ in
            // setup
            let cookie = try await client.signedInCookie(Person("stayer"))
            var headers = provenance.headers
            headers[.cookie] = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"

            // act
            let response = try await client.send(.post, "/account/logout", headers: headers, body: "")

            // assert
            let stillSignedIn = try await client.get("/me", headers: [.cookie: cookie]).status == .ok
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
    func behind_an_https_proxy_the_own_origin_is_https() async throws {
        try await withAccountServer { client, _ in
            // setup
            let cookie = try await client.signedInCookie(Person("proxied"))
            let proto = HTTPField.Name("X-Forwarded-Proto")!

            // act
            let plain = try await client.send(
                .put, "/me?bio=a", headers: [.cookie: cookie, .origin: "http://localhost", proto: "https"])
            let secure = try await client.send(
                .put, "/me?bio=b", headers: [.cookie: cookie, .origin: "https://localhost", proto: "https"])

            // assert
            #expect(plain.status == .forbidden)
            #expect(secure.status == .ok)
        }
    }

    @Test
    func with_a_public_url_only_that_origin_is_accepted() async throws {
        try await withAccountServer(configure: { $0.publicURL = "https://photos.example.com" }) { client, _ in
            // setup
            let signUp = try await client.post(
                "/account/signup", form: Person("configured").form,
                headers: formHeaders(origin: "https://photos.example.com", json: true))
            let cookie = try #require(signUp.sessionCookie)

            // act
            let local = try await client.send(.put, "/me?bio=a", headers: [.cookie: cookie, .origin: "http://localhost"])
            let configured = try await client.send(
                .put, "/me?bio=b", headers: [.cookie: cookie, .origin: "https://photos.example.com"])

            // assert
            #expect(local.status == .forbidden)
            #expect(configured.status == .ok)
        }
    }

    @Test
    func bearer_requests_without_origin_are_not_affected() async throws {
        try await withAccountServer { client, store in
            // setup
            let app = try await registerApp(store)
            let token = try await client.accessToken(Person("native"), app: app, scope: "read_user write_user")

            // act
            let response = try await client.send(
                .put, "/me", headers: bearer(token).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: "bio=from-the-app")

            // assert
            #expect(response.status == .ok)
            #expect(try response.object()["bio"] as? String == "from-the-app")
        }
    }

    @Test(arguments: ["/account/login", "/account/signup"])
    func sign_in_and_sign_up_forms_from_another_site_are_refused(path: String) async throws {
        try await withAccountServer { client, _ in
            // setup
            let person = Person("forged")
            try await client.signUp(person)

            // act
            let response = try await client.post(
                path, form: path == "/account/login" ? ["login": person.email, "password": person.password]
                    : Person("forged2").form,
                headers: formHeaders(origin: "https://evil.example", json: true))

            // assert
            #expect(response.status == .forbidden)
            #expect(response.sessionCookie == nil)
        }
    }

    @Test
    func consent_from_another_site_is_refused() async throws {
        try await withAccountServer { client, store in
            // setup
            let app = try await registerApp(store)
            let cookie = try await client.signedInCookie(Person("clickjacked"))

            // act
            let response = try await client.send(
                .post, "/oauth/authorize",
                headers: [.cookie: cookie, .origin: "https://evil.example",
                          .contentType: "application/x-www-form-urlencoded"],
                body: authorizeQuery(app) + "&decision=allow")

            // assert
            #expect(response.status == .forbidden)
            #expect(response.location == nil)
        }
    }
}
