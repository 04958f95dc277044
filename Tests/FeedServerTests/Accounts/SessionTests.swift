import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("Accounts: sign-in and sessions")
struct SessionTests {
    @Test(arguments: Backend.available)
    func log_in_by_email_or_username_sets_the_session_cookie(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("lin")
            try await server.client.signUp(person)

            for login in [person.email, person.username, person.email.uppercased()] {
                // act
                let response = try await server.client.logIn(login, person.password)

                // assert
                #expect(response.status == .ok)
                #expect(try response.object()["username"] as? String == "lin")
                let cookie = try #require(response.sessionCookie)
                #expect(try await server.client.get("/me", headers: [.cookie: cookie]).status == .ok)
            }
        }
    }

    @Test
    func session_cookie_is_httponly_lax_and_lasts_30_days() async throws {
        try await withTestServer { server in
            // setup
            let person = TestUser("cookie")
            try await server.client.signUp(person)

            // act
            let response = try await server.client.logIn(person.email, person.password)

            // assert
            let attributes = response.sessionCookieAttributes
            #expect(attributes.contains("HttpOnly"))
            #expect(attributes.contains("SameSite=Lax"))
            #expect(attributes.contains("Max-Age=2592000"))
            #expect(attributes.contains("Path=/"))
            #expect(!attributes.contains("Secure"))
        }
    }

    @Test
    func session_cookie_is_secure_behind_a_trusted_https_proxy() async throws {
        try await withTestServer(transport: .live, configure: { $0.trustedProxies = ["127.0.0.1", "::1"] }) { server in
            // setup
            let person = TestUser("proxied")
            try await server.client.signUp(person)

            // act
            let response = try await server.client.logIn(
                person.email, person.password,
                headers: [.origin: "https://localhost", HTTPField.Name("X-Forwarded-Proto")!: "https"])

            // assert
            #expect(response.status == .ok)
            #expect(response.sessionCookieAttributes.contains("Secure"))
        }
    }

    @Test
    func session_cookie_is_secure_with_an_https_public_url() async throws {
        try await withTestServer(configure: { $0.publicURL = "https://photos.example.com" }) { server in
            // act
            let response = try await server.client.post(
                "/account/signup", form: TestUser("public").signUpForm,
                headers: formHeaders(origin: "https://photos.example.com", json: true))

            // assert
            #expect(response.status == .created)
            #expect(response.sessionCookieAttributes.contains("Secure"))
            #expect(response.sessionCookieAttributes.contains("HttpOnly"))
        }
    }

    @Test(arguments: Backend.available)
    func wrong_email_and_wrong_password_get_the_same_message(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("careful")
            try await server.client.signUp(person)

            // act
            let wrongPassword = try await server.client.logIn(person.email, "wrong-password-1")
            let unknownEmail = try await server.client.logIn("nobody@example.com", person.password)

            // assert
            for response in [wrongPassword, unknownEmail] {
                #expect(response.status == .unauthorized)
                #expect(response.errors == ["Incorrect email or password."])
                #expect(response.sessionCookie == nil)
            }
        }
    }

    /// Where a sign-in may send the browser: a path of this site, unchanged.
    static let ownPaths = ["/account/settings", "/#/photo/abc?tab=info", "/photos/abc?w=400&fit=crop", "/p/abc%20def"]
    /// Everything else goes to "/". Browsers drop tabs and line breaks and read "\\" as "/": each of the control
    /// character cases is //evil.example to them. "/%2F/…" is harmless to a browser, but "//evil.example" to anything
    /// that decodes the path once more.
    static let otherPlaces = [
        "https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)",
        "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\t//evil.example", "/ /evil.example",
        "/\u{0}/evil.example", "/\u{7F}/evil.example", "/\u{A0}/evil.example", "///evil.example", "/%2F/evil.example",
        "/" + String(repeating: "a", count: 3000),
    ]

    @Test(arguments: ownPaths.map { ($0, $0) } + otherPlaces.map { ($0, "/") })
    func log_in_returns_only_to_a_path_of_this_site(returnTo: String, expected: String) async throws {
        try await withTestServer { server in
            // setup
            let person = TestUser("returning")
            try await server.client.signUp(person)

            // act
            let response = try await server.client.post(
                "/account/login", form: ["login": person.email, "password": person.password, "return_to": returnTo],
                headers: formHeaders())

            // assert
            #expect(response.status == .seeOther)
            #expect(response.location == expected)
        }
    }

    @Test
    func failed_log_in_form_shows_the_message_on_the_page() async throws {
        try await withTestServer { server in
            // act
            let response = try await server.client.post(
                "/account/login", form: ["login": "nobody@example.com", "password": "whatever-1"],
                headers: formHeaders())

            // assert
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("Incorrect email or password."))
        }
    }

    @Test(arguments: Backend.available)
    func log_in_rotates_the_session_id_and_ends_the_old_session(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("rotor")
            try await server.client.signUp(person)
            let first = try #require(try await server.client.logIn(person.email, person.password).sessionCookie)

            // act: the browser signs in again, sending the cookie it holds
            let second = try #require(
                try await server.client.logIn(person.email, person.password, cookie: first).sessionCookie)

            // assert
            #expect(second != first)
            #expect(try await server.client.get("/me", headers: [.cookie: first]).status == .unauthorized)
            #expect(try await server.client.get("/me", headers: [.cookie: second]).status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func log_out_ends_the_session_on_the_server(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("leaver"))

            // act
            let response = try await server.client.post(
                "/account/logout", form: [:], headers: formHeaders(cookie: cookie))

            // assert
            #expect(response.status == .seeOther)
            #expect(response.location == "/account/login")
            #expect(response.sessionCookieAttributes.contains("Max-Age=0"))
            let me = try await server.client.get("/me", headers: [.cookie: cookie])
            #expect(me.status == .unauthorized)
            #expect(me.errors == ["OAuth error: The access token is invalid"])
        }
    }

    @Test(arguments: Backend.available)
    func a_second_instance_over_the_same_database_accepts_the_cookie(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let cookie = try await first.signedInCookie(TestUser("roamer"))

            // act
            let me = try await second.get("/me", headers: [.cookie: cookie])
            let logout = try await second.post("/account/logout", form: [:], headers: formHeaders(cookie: cookie))

            // assert
            #expect(me.status == .ok)
            #expect(try me.object()["username"] as? String == "roamer")
            #expect(logout.status == .seeOther)
            #expect(try await first.get("/me", headers: [.cookie: cookie]).status == .unauthorized)
        }
    }

    @Test(arguments: Backend.available)
    func an_active_session_is_renewed_for_another_30_days(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: a session with ten days left
            let cookie = try await server.client.signedInCookie(TestUser("regular"))
            let tenDays = Int64(Date().addingTimeInterval(10 * 24 * 3600).timeIntervalSince1970)
            try await server.store.database.transaction { db in
                try await db.raw("UPDATE sessions SET expires_at = \(bind: tenDays)").run()
            }

            // act
            let response = try await server.client.get("/me", headers: [.cookie: cookie])

            // assert
            #expect(response.status == .ok)
            #expect(response.sessionCookie == cookie)
            #expect(response.sessionCookieAttributes.contains("Max-Age=2592000"))
            let expires = try await server.store.database.read { db in
                try await db.raw("SELECT expires_at FROM sessions").first()?.decode(
                    column: "expires_at", as: Int64.self)
            }
            #expect((expires ?? 0) > Int64(Date().addingTimeInterval(29 * 24 * 3600).timeIntervalSince1970))
        }
    }

    @Test(arguments: Backend.available)
    func an_expired_session_does_not_authenticate_and_is_cleared(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("sleeper"))
            let past = Int64(Date().addingTimeInterval(-60).timeIntervalSince1970)
            try await server.store.database.transaction { db in
                try await db.raw("UPDATE sessions SET expires_at = \(bind: past)").run()
            }

            // act
            let me = try await server.client.get("/me", headers: [.cookie: cookie])
            let settings = try await server.client.get("/account/settings", headers: [.cookie: cookie])

            // assert
            #expect(me.status == .unauthorized)
            #expect(settings.status == .seeOther)
            #expect(settings.location?.hasPrefix("/account/login") == true)
            #expect(settings.sessionCookieAttributes.contains("Max-Age=0"))
        }
    }

    @Test(arguments: Backend.available)
    func sessions_are_stored_only_as_hashes(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("hidden"))
            let sessionID = String(cookie.dropFirst(SessionCookie.name.count + 1))

            // act
            let stored = try await server.store.database.read { db in
                try await db.raw("SELECT id_hash FROM sessions").all().map {
                    try $0.decode(column: "id_hash", as: String.self)
                }
            }

            // assert
            #expect(stored == [Secrets.hash(sessionID)])
        }
    }
}
