import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Failed sign-ins are allowed 5 times per account from one address and 20 times per client address within 15
/// minutes; after that that address gets 429 with `Retry-After`, while other addresses may still try the account. (The router test client has no remote address: every request comes from
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

    static let attacker: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.5"]
    static let owner: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "198.51.100.7"]

    @Test
    func the_owner_signs_in_while_another_address_attacks_the_account() async throws {
        try await withTestServer(transport: .live, configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            // setup: behind a trusted proxy, one address guesses the owner's password many times
            let person = TestUser("besieged")
            try await server.client.signUp(person)
            var statuses: [HTTPResponse.Status] = []
            for guess in 1...12 {
                statuses.append(
                    try await server.client.logIn(person.email, "wrong-guess-\(guess)", headers: Self.attacker).status)
            }

            // act
            let owner = try await server.client.logIn(person.email, person.password, headers: Self.owner)
            let attackerWithThePassword = try await server.client.logIn(
                person.email, person.password, headers: Self.attacker)

            // assert: the attacker's address is stopped after five, the owner's is not
            #expect(statuses.prefix(5).allSatisfy { $0 == .unauthorized })
            #expect(statuses.dropFirst(5).allSatisfy { $0 == .tooManyRequests })
            #expect(owner.status == .ok)
            #expect(owner.sessionCookie != nil)
            #expect(attackerWithThePassword.status == .tooManyRequests)
        }
    }

    @Test
    func forwarded_addresses_count_only_from_a_trusted_proxy() async throws {
        try await withTestServer(transport: .live) { server in
            // setup: no proxy is trusted, so the header is the client's say-so and is ignored
            let person = TestUser("unproxied")
            try await server.client.signUp(person)
            for guess in 1...5 {
                let spoofed: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "192.0.2.\(guess)"]
                _ = try await server.client.logIn(person.email, "wrong-guess-\(guess)", headers: spoofed)
            }

            // act
            let sixth = try await server.client.logIn(person.email, "wrong-guess-6", headers: Self.owner)

            // assert: all five counted for the one real address
            #expect(sixth.status == .tooManyRequests)
        }
    }

    @Test(arguments: [
        // peer, trusted, header, value, expected
        ("127.0.0.1", ["127.0.0.1"], "X-Forwarded-For", "203.0.113.5", "203.0.113.5"),
        ("127.0.0.1", ["127.0.0.1", "10.0.0.2"], "X-Forwarded-For", "203.0.113.5, 10.0.0.2", "203.0.113.5"),
        ("127.0.0.1", ["127.0.0.1"], "X-Forwarded-For", "198.51.100.1, 203.0.113.5", "203.0.113.5"),
        ("127.0.0.1", ["127.0.0.1"], "Forwarded", "for=\"[2001:db8::1]:4711\";proto=https", "2001:db8::1"),
        ("127.0.0.1", ["127.0.0.1"], "Forwarded", "for=192.0.2.60:8080, for=127.0.0.1", "192.0.2.60"),
        ("127.0.0.1", ["127.0.0.1"], "X-Forwarded-For", "<script>", "127.0.0.1"),
        ("192.0.2.9", ["127.0.0.1"], "X-Forwarded-For", "203.0.113.5", "192.0.2.9"),
        // ranges: a CDN's edge and a balancer inside 10.0.0.0/8
        ("104.16.3.4", ["104.16.0.0/13", "10.0.0.0/8"], "X-Forwarded-For", "203.0.113.5, 10.1.2.3", "203.0.113.5"),
        ("104.24.0.1", ["104.16.0.0/13"], "X-Forwarded-For", "203.0.113.5", "104.24.0.1"),
        ("2400:cb00::7", ["2400:cb00::/32"], "X-Forwarded-For", "2001:db8::9", "2001:db8::9"),
        ("2400:cb01::7", ["2400:cb00::/32"], "X-Forwarded-For", "2001:db8::9", "2400:cb01::7"),
        ("::ffff:10.0.0.4", ["10.0.0.0/8"], "X-Forwarded-For", "203.0.113.5", "203.0.113.5"),
    ])
    func the_client_address_is_read_through_trusted_proxies_only(
        peer: String, trusted: [String], header: String, value: String, expected: String
    ) {
        let resolver = ClientAddress(trustedProxies: TrustedProxies(trusted))
        #expect(resolver.resolve(peer: peer, headers: [HTTPField.Name(header)!: value]) == expected)
    }

    @Test func a_trusted_proxy_that_is_neither_an_address_nor_a_range_is_refused_at_start() {
        var configuration = Configuration()
        configuration.trustedProxies = ["10.0.0.0/8", "proxy.example.com", "10.0.0.0/33", "::1"]
        #expect(
            configuration.problems() == [
                "A trusted proxy must be an IP address or a range such as 10.0.0.0/8; got proxy.example.com.",
                "A trusted proxy must be an IP address or a range such as 10.0.0.0/8; got 10.0.0.0/33.",
            ])
    }
}
