import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import TestSupport
import Testing

@testable import FeedServer

@Suite("Accounts: sign-up")
struct SignUpTests {
    @Test(arguments: Backend.available)
    func sign_up_creates_the_account_and_signs_in(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("ada_l")

            // act
            let response = try await server.client.signUp(person)

            // assert
            #expect(response.status == .created)
            let user = try response.object()
            #expect(user["username"] as? String == "ada_l")
            #expect(user["first_name"] as? String == "Ada")
            #expect(user["last_name"] as? String == "Lovelace")
            #expect(user["email"] as? String == "ada_l@example.com")
            let cookie = try #require(response.sessionCookie)
            let me = try await server.client.get("/me", headers: [.cookie: cookie])
            #expect(me.status == .ok)
            #expect(try me.object()["username"] as? String == "ada_l")
        }
    }

    @Test
    func sign_up_form_redirects_to_return_to_with_a_session() async throws {
        try await withTestServer { server in
            // setup
            var form = Array(TestUser("grace").signUpForm.map { ($0.key, $0.value) })
            form.append(("return_to", "/account/settings"))
            let body = form.map { formEncoded([$0.0: $0.1]) }.joined(separator: "&")

            // act
            let response = try await server.client.send(.post, "/account/signup", headers: formHeaders(), body: body)

            // assert
            #expect(response.status == .seeOther)
            #expect(response.location == "/account/settings")
            #expect(response.sessionCookie != nil)
        }
    }

    static let ruleCases: [(field: String, value: String, message: String)] = [
        ("email", "not-an-email", "Email is not a valid address."),
        ("email", "ada@localhost", "Email is not a valid address."),
        ("email", "ada @example.com", "Email is not a valid address."),
        ("password", "sh0rt!", "Password must be at least 8 characters and contain a digit and a special character."),
        (
            "password", "no-digits-here",
            "Password must be at least 8 characters and contain a digit and a special character."
        ),
        (
            "password", "nospecial123",
            "Password must be at least 8 characters and contain a digit and a special character."
        ),
        ("username", "ab", "Username must be 3 to 30 letters, digits or underscores."),
        ("username", String(repeating: "a", count: 31), "Username must be 3 to 30 letters, digits or underscores."),
        ("username", "ada-lovelace", "Username must be 3 to 30 letters, digits or underscores."),
        ("username", "adé", "Username must be 3 to 30 letters, digits or underscores."),
    ]

    @Test(arguments: ruleCases)
    func sign_up_breaking_a_rule_is_422_with_its_message(field: String, value: String, message: String) async throws {
        try await withTestServer { server in
            // setup
            var form = Dictionary(uniqueKeysWithValues: TestUser("valid_name").signUpForm.map { ($0.key, $0.value) })
            form[field] = value
            let body = form.map { formEncoded([$0.key: $0.value]) }.joined(separator: "&")

            // act
            let response = try await server.client.send(
                .post, "/account/signup", headers: formHeaders(json: true), body: body)

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(response.errors == [message])
            #expect(response.sessionCookie == nil)
        }
    }

    @Test(arguments: ["valid_name", "abc", String(repeating: "z", count: 30), "A_1"])
    func sign_up_accepts_usernames_of_3_to_30_letters_digits_and_underscores(username: String) async throws {
        try await withTestServer { server in
            // act
            let response = try await server.client.signUp(TestUser(username))

            // assert
            #expect(response.status == .created)
        }
    }

    @Test
    func sign_up_form_shows_every_problem_on_the_page() async throws {
        try await withTestServer { server in
            // act
            let response = try await server.client.post(
                "/account/signup",
                form: [
                    "username": "x", "first_name": "A", "last_name": "B", "email": "nope",
                    "password": "short",
                ], headers: formHeaders())

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("Username must be 3 to 30 letters, digits or underscores."))
            #expect(response.text.contains("Email is not a valid address."))
            #expect(
                response.text.contains(
                    "Password must be at least 8 characters and contain a digit and a special character."))
        }
    }

    /// A second sign-up naming a taken account in another case: by its email, or by its username.
    enum Taken: String, CaseIterable, Sendable {
        case email, username

        /// The account signed up first, the second that names it again, and the error the second gets.
        var accounts: (first: TestUser, second: TestUser, error: String) {
            switch self {
            case .email:
                var second = TestUser("second")
                second.email = "FIRST@Example.com"
                return (TestUser("first"), second, "An account with this email already exists.")
            case .username:
                var second = TestUser("TAKEN")
                second.email = "other@example.com"
                return (TestUser("taken"), second, "This username is already taken.")
            }
        }
    }

    @Test(arguments: Backend.available, Taken.allCases)
    func taken_email_or_username_is_409_whatever_its_case(backend: Backend, taken: Taken) async throws {
        try await withTestServer(backend) { server in
            // setup
            let (first, second, error) = taken.accounts
            try await server.client.signUp(first)

            // act
            let response = try await server.client.signUp(second)

            // assert
            #expect(response.status == .conflict)
            #expect(response.errors == [error])
        }
    }

    @Test(arguments: Backend.available)
    func passwords_and_hashes_are_never_returned(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("secretive")

            // act
            let signUp = try await server.client.signUp(person)
            let logIn = try await server.client.logIn(person.email, person.password)
            let cookie = try #require(logIn.sessionCookie)
            let me = try await server.client.get("/me", headers: [.cookie: cookie])
            let profile = try await server.client.get("/users/secretive")

            // assert
            for response in [signUp, logIn, me, profile] {
                #expect(response.status.code < 300)
                #expect(!response.text.contains(person.password))
                #expect(!response.text.contains("$2"))
                #expect(!response.text.contains("password"))
            }
        }
    }

    @Test
    func default_bcrypt_cost_is_at_least_12() async throws {
        // setup: the default configuration, as `imagefeed serve` builds it
        #expect(Configuration().bcryptCost >= 12)
        try await withTestServer(configure: {
            $0 = Configuration(dataDirectory: $0.dataDirectory)
            $0.database.port = 0  // the machine's one port 9000 is not this test's
        }) { server in
            // act
            let response = try await server.client.signUp(TestUser("hashed"))

            // assert
            #expect(response.status == .created)
            let hash = try await server.store.database.read { db in
                try await db.raw("SELECT password_hash FROM users WHERE username = 'hashed'").first()?
                    .decode(column: "password_hash", as: String.self)
            }
            let parts = try #require(hash).split(separator: "$")
            #expect(parts.count == 3)
            #expect(parts.first == "2b")
            #expect(Int(parts[1]) ?? 0 >= 12)
            #expect(hash?.hasPrefix("$2b$12$") == true)
        }
    }

    @Test
    func test_configuration_hashes_with_the_cost_it_is_given() async throws {
        try await withTestServer { server in
            // act
            try await server.client.signUp(TestUser("cheap"))

            // assert
            let hash = try await server.store.database.read { db in
                try await db.raw("SELECT password_hash FROM users WHERE username = 'cheap'").first()?
                    .decode(column: "password_hash", as: String.self)
            }
            #expect(hash?.hasPrefix("$2b$04$") == true)
        }
    }
}
