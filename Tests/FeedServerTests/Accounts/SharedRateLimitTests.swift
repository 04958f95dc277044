import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Two server instances over one database (one SQLite file, or one PostgreSQL database) with
/// `rateLimitFlushInterval = 0` share one count per client.
@Suite("API rate limit shared through the database")
struct SharedRateLimitTests {
    @Test(arguments: Backend.available)
    func two_instances_agree_on_the_remaining_requests(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2, configure: { $0.rateLimitPerHour = 10 }) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let app = try await server.app()
            let headers: HTTPFields = [.authorization: "Client-ID \(app.key)"]

            // act
            var remaining: [Int?] = []
            for index in 0..<6 {
                let response = try await (index.isMultiple(of: 2) ? first : second).get(
                    "/users/nobody", headers: headers)
                #expect(response.header("X-Ratelimit-Limit") == "10")
                remaining.append(response.header("X-Ratelimit-Remaining").flatMap { Int($0) })
            }

            // assert
            #expect(remaining == [9, 8, 7, 6, 5, 4])
        }
    }

    @Test(arguments: Backend.available)
    func over_the_limit_on_either_instance_is_429_with_retry_after(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2, configure: { $0.rateLimitPerHour = 3 }) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let app = try await server.app()
            let headers: HTTPFields = [.authorization: "Client-ID \(app.key)"]
            _ = try await first.get("/users/nobody", headers: headers)
            _ = try await second.get("/users/nobody", headers: headers)
            _ = try await first.get("/users/nobody", headers: headers)

            // act
            let onSecond = try await second.get("/users/nobody", headers: headers)
            let onFirst = try await first.get("/users/nobody?client_id=ignored", headers: headers)

            // assert
            for response in [onSecond, onFirst] {
                #expect(response.status == .tooManyRequests)
                #expect(response.text == #"{"errors":["Rate Limit Exceeded"]}"#)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let retryAfter = try #require(response.headers[.retryAfter].flatMap { Int($0) })
                #expect((1...3600).contains(retryAfter))
                #expect(response.header("X-Ratelimit-Remaining") == "0")
            }
        }
    }

    @Test(arguments: Backend.available)
    func clients_are_counted_separately(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2, configure: { $0.rateLimitPerHour = 2 }) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let spender = try await server.registerApp(name: "Spender")
            let saver = try await server.registerApp(name: "Saver")
            for client in [first, second, first] {
                _ = try await client.get("/users/nobody", headers: [.authorization: "Client-ID \(spender.key)"])
            }

            // act
            let response = try await second.get("/users/nobody?client_id=\(saver.key)")

            // assert
            #expect(response.status == .notFound)
            #expect(response.header("X-Ratelimit-Remaining") == "1")
        }
    }

    @Test(arguments: Backend.available)
    func bearer_tokens_share_their_count_across_instances(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2, configure: { $0.rateLimitPerHour = 5 }) { server in
            // setup
            let (first, second) = (server.nodes[0], server.nodes[1])
            let app = try await server.app()
            let token = try await first.accessToken(TestUser("counted"), app: app, scope: "read_user")

            // act
            let one = try await first.get("/me", headers: bearer(token))
            let two = try await second.get("/me", headers: bearer(token))

            // assert
            #expect(one.header("X-Ratelimit-Remaining") == "4")
            #expect(two.header("X-Ratelimit-Remaining") == "3")
        }
    }

    @Test func a_client_id_anywhere_in_the_query_is_the_key() {
        #expect(ClientKey.mentionsClientID("client_id=abc"))
        #expect(ClientKey.mentionsClientID("page=2&client_id=abc"))
        #expect(!ClientKey.mentionsClientID("per_page=30"))
        #expect(!ClientKey.mentionsClientID("client_i"))
        #expect(!ClientKey.mentionsClientID(""))
        #expect(
            ClientKey.from(HTTPRequest(method: .get, scheme: "http", authority: "a", path: "/photos?client_id=k"))
                == "client-id:k")
        #expect(
            ClientKey.from(HTTPRequest(method: .get, scheme: "http", authority: "a", path: "/photos?page=2")) == nil)
    }
}
