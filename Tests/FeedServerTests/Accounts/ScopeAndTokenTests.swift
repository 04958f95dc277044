import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("OAuth: API authentication and scopes")
struct ScopeAndTokenTests {
    enum Credential: String, CaseIterable, Sendable {
        case none, clientIDHeader, clientIDQuery, unknownBearer, emptyBearer, revokedBearer
    }

    @Test(arguments: Backend.available, Credential.allCases)
    func user_only_endpoints_without_a_valid_bearer_token_are_401(backend: Backend, credential: Credential)
        async throws
    {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            var uri = "/me"
            var headers: HTTPFields = [:]
            switch credential {
            case .none: break
            case .clientIDHeader: headers[.authorization] = "Client-ID \(app.key)"
            case .clientIDQuery: uri += "?client_id=\(app.key)"
            case .unknownBearer: headers[.authorization] = "Bearer not-a-token"
            case .emptyBearer: headers[.authorization] = "Bearer "
            case .revokedBearer:
                let token = try await server.client.accessToken(TestUser("revoked"), app: app, scope: "read_user")
                try await server.store.revokeToken(hash: Secrets.hash(token), appID: nil)
                headers[.authorization] = "Bearer \(token)"
            }

            for method in [HTTPRequest.Method.get, .put] {
                // act
                let response = try await server.client.send(method, uri, headers: headers)

                // assert
                #expect(response.status == .unauthorized)
                #expect(response.text == #"{"errors":["OAuth error: The access token is invalid"]}"#)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
        }
    }

    @Test(arguments: [("GET", "public write_user"), ("PUT", "public read_user")])
    func a_token_without_the_needed_scope_is_403(method: String, scope: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("limited"), app: app, scope: scope)

            // act
            let response = try await server.client.send(
                HTTPRequest.Method(method)!, "/me",
                headers: bearer(token).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: "bio=changed")

            // assert
            #expect(response.status == .forbidden)
            #expect(response.errors.count == 1)
        }
    }

    @Test(arguments: ["Bearer", "bearer", "BEARER"])
    func bearer_scheme_is_case_insensitive(scheme: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("casual"), app: app, scope: "read_user")

            // act
            let response = try await server.client.get("/me", headers: [.authorization: "\(scheme) \(token)"])

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test
    func public_endpoints_accept_client_id_in_the_header_or_the_query() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            try await server.client.signUp(TestUser("seen"))

            // act
            let header = try await server.client.get("/users/seen", headers: [.authorization: "Client-ID \(app.key)"])
            let query = try await server.client.get("/users/seen?client_id=\(app.key)")

            // assert: both are the same client, counted against one limit
            #expect(header.status == .ok)
            #expect(query.status == .ok)
            let first = try #require(header.headers[.rateLimitRemaining].flatMap { Int($0) })
            let second = try #require(query.headers[.rateLimitRemaining].flatMap { Int($0) })
            #expect(second == first - 1)
        }
    }

    @Test
    func a_bearer_token_is_accepted_on_public_endpoints() async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("reader"), app: app, scope: "public")

            // act
            let response = try await server.client.get("/users/reader", headers: bearer(token))

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test
    func a_session_cookie_holds_every_scope_on_the_api() async throws {
        try await withTestServer { server in
            // setup
            let cookie = try await server.client.signedInCookie(TestUser("firstparty"))

            // act
            let read = try await server.client.get("/me", headers: [.cookie: cookie])
            let write = try await server.client.send(
                .put, "/me",
                headers: [.cookie: cookie, .origin: ownOrigin, .contentType: "application/x-www-form-urlencoded"],
                body: "bio=hello")

            // assert
            #expect(read.status == .ok)
            #expect(write.status == .ok)
        }
    }
}
