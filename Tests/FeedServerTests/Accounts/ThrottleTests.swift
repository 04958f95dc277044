@testable import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// Failed sign-ins are allowed 5 times per account and 20 times per client address within 15 minutes; after that
/// the answer is 429 with `Retry-After`. (The router test client has no remote address: every request comes from
/// the same "unknown" address.) `loginDelayStep` is zero here, so the slow-down adds no time.
@Suite("Accounts: sign-in throttling")
struct ThrottleTests {
    @Test(arguments: Backend.available)
    func repeated_failures_for_one_account_answer_429_with_retry_after(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("target")
            try await server.client.signUp(person)
            for _ in 1...5 {
                #expect(try await server.client.logIn(person.email, "wrong-guess-1").status == .unauthorized)
            }

            // act: even the right password is refused now
            let response = try await server.client.logIn(person.email, person.password)

            // assert
            #expect(response.status == .tooManyRequests)
            let retryAfter = try #require(response.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...900).contains(retryAfter))
            #expect(response.errors.first?.hasPrefix("Too many failed sign-ins.") == true)
            #expect(response.sessionCookie == nil)
        }
    }

    @Test
    func the_throttled_form_shows_the_wait_on_the_page() async throws {
        try await withTestServer { server in
            // setup
            for _ in 1...5 { _ = try await server.client.logIn("someone@example.com", "wrong-guess-1") }

            // act
            let response = try await server.client.post(
                "/account/login", form: ["login": "someone@example.com", "password": "wrong-guess-1"],
                headers: formHeaders())

            // assert
            #expect(response.status == .tooManyRequests)
            #expect(response.headers[.retryAfter] != nil)
            #expect(response.text.contains("Too many failed sign-ins."))
        }
    }

    @Test(arguments: Backend.available)
    func failures_against_one_account_do_not_lock_out_another(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let victim = TestUser("victim")
            let bystander = TestUser("bystander")
            try await server.client.signUp(victim)
            try await server.client.signUp(bystander)
            for _ in 1...5 { _ = try await server.client.logIn(victim.email, "wrong-guess-1") }

            // act
            let response = try await server.client.logIn(bystander.email, bystander.password)

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func a_successful_sign_in_forgets_the_account_failures(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("forgetful")
            try await server.client.signUp(person)
            for _ in 1...4 { _ = try await server.client.logIn(person.email, "wrong-guess-1") }
            #expect(try await server.client.logIn(person.email, person.password).status == .ok)
            for _ in 1...4 { _ = try await server.client.logIn(person.email, "wrong-guess-1") }

            // act
            let response = try await server.client.logIn(person.email, person.password)

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func failures_count_per_account_whichever_login_names_it(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: five failures against one account, alternating its email and its username
            let person = TestUser("twofaced")
            try await server.client.signUp(person)
            for attempt in 1...5 {
                _ = try await server.client.logIn(
                    attempt.isMultiple(of: 2) ? person.username : person.email, "wrong-guess-1")
            }

            // act
            let byEmail = try await server.client.logIn(person.email, "wrong-guess-1")
            let byUsername = try await server.client.logIn(person.username, "wrong-guess-1")

            // assert
            #expect(byEmail.status == .tooManyRequests)
            #expect(byUsername.status == .tooManyRequests)
        }
    }

    @Test(arguments: Backend.available)
    func repeated_failures_from_one_address_answer_429(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: twenty failures, each against a different account
            for index in 1...20 {
                #expect(
                    try await server.client.logIn("guess\(index)@example.com", "wrong-guess-1").status == .unauthorized)
            }

            // act
            let response = try await server.client.logIn("fresh@example.com", "wrong-guess-1")

            // assert
            #expect(response.status == .tooManyRequests)
            #expect(response.headers[.retryAfter].flatMap { Int($0) } != nil)
        }
    }

    @Test(arguments: Backend.available)
    func failures_are_counted_across_instances(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let person = TestUser("shared")
            try await first.signUp(person)
            for attempt in 1...5 {
                _ = try await (attempt.isMultiple(of: 2) ? first : second).logIn(person.email, "wrong-guess-1")
            }

            // act
            let onFirst = try await first.logIn(person.email, person.password)
            let onSecond = try await second.logIn(person.email, person.password)

            // assert
            #expect(onFirst.status == .tooManyRequests)
            #expect(onSecond.status == .tooManyRequests)
        }
    }
}
