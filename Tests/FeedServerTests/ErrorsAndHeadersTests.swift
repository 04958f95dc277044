import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("Errors and headers", .fixtureLibrary)
struct ErrorsAndHeadersTests {
    /// An unregistered app key: anonymous, but counted on its own (rate-limit counts live in the shared database).
    /// A newly registered app's `Client-ID`: counts are shared through the database, so each test has its own.
    static func newClient(_ server: TestServer) async throws -> HTTPFields {
        [.authorization: "Client-ID \(try await server.registerApp(name: "App \(UUID().uuidString.prefix(8))").key)"]
    }

    @Test(arguments: Backend.available)
    func unknown_path_is_404_json(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/no/such/path")

            // assert
            #expect(response.status == .notFound)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(!response.errors.isEmpty)
        }
    }

    @Test(
        arguments: Backend.available,
        [
            (HTTPRequest.Method.put, "/photos", "GET, HEAD, POST, OPTIONS"),
            (.delete, "/photos", "GET, HEAD, POST, OPTIONS"),
            (.post, "/photos/{id}", "GET, HEAD, PUT, DELETE, OPTIONS"),
            (.patch, "/photos/{id}", "GET, HEAD, PUT, DELETE, OPTIONS"),
            (.post, "/photos/random", "GET, HEAD, OPTIONS"),
            (.delete, "/photos/{id}/download", "GET, HEAD, OPTIONS"), (.post, "/search/photos", "GET, HEAD, OPTIONS"),
            (.put, "/users/alice", "GET, HEAD, OPTIONS"), (.post, "/collections/x/photos", "GET, HEAD, OPTIONS"),
            (.trace, "/photos", "GET, HEAD, POST, OPTIONS"), (.get, "/oauth/token", "POST, OPTIONS"),
            // methods the server knows nothing of
            (.init("QUERY")!, "/photos", "GET, HEAD, POST, OPTIONS"),
            (.init("PROPFIND")!, "/photos/{id}", "GET, HEAD, PUT, DELETE, OPTIONS"),
            (.init("QUERY")!, "/photos/random", "GET, HEAD, OPTIONS"),
        ])
    func methods_a_path_does_not_serve_are_405_with_allow(
        backend: Backend, request: (method: HTTPRequest.Method, uri: String, allow: String)
    ) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let uri = request.uri.replacingOccurrences(of: "{id}", with: server.fixtures.id(.seaView))
            let response = try await server.client.execute(uri: uri, method: request.method)

            // assert
            #expect(response.status == .methodNotAllowed)
            #expect(response.header("Allow") == request.allow)
            #expect(response.errors.first?.contains(request.method.rawValue) == true, "\(response.errors)")
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test func an_unknown_method_on_an_unknown_path_is_404() async throws {
        try await withTestServer { server in
            // act
            let response = try await server.client.execute(uri: "/no/such/path", method: .init("QUERY")!)

            // assert
            #expect(response.status == .notFound)
            #expect(!response.errors.isEmpty)
        }
    }

    @Test(
        arguments: Backend.available,
        [
            ("page=abc", "page"), ("page=-1", "page"), ("per_page=0", "per_page"), ("per_page=x", "per_page"),
            ("order_by=best", "order_by"),
        ])
    func bad_paging_parameter_is_400_naming_it(backend: Backend, parameter: (query: String, name: String))
        async throws
    {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos?\(parameter.query)")

            // assert
            #expect(response.status == .badRequest)
            let message = try #require(response.errors.first)
            #expect(message.hasPrefix(parameter.name + " "), "\(message)")
        }
    }

    @Test(arguments: Backend.available)
    func rate_limit_headers_are_on_api_success_and_error_responses_only(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures, configure: { $0.rateLimitPerHour = 100 }) { server in
            // setup: counts are shared through the database, so this test has its own client
            let caller = try await Self.newClient(server)

            // act
            let first = try await server.client.get("/photos", headers: caller)
            let notFound = try await server.client.get("/photos/doesNotExist", headers: caller)
            let badRequest = try await server.client.get("/photos?page=abc", headers: caller)
            let unknownPath = try await server.client.get("/nothing-here", headers: caller)

            // assert
            #expect(first.status == .ok)
            #expect(notFound.status == .notFound)
            #expect(badRequest.status == .badRequest)
            #expect(unknownPath.status == .notFound)
            let responses = [first, notFound, badRequest]
            for response in responses {
                #expect(response.header("X-Ratelimit-Limit") == "100", "\(response.status)")
            }
            #expect(responses.map { $0.header("X-Ratelimit-Remaining") } == ["99", "98", "97"])
            // A path that is no route of the API is not an API call.
            #expect(unknownPath.header("X-Ratelimit-Limit") == nil)
            #expect(try await server.client.get("/photos", headers: caller).header("X-Ratelimit-Remaining") == "96")
        }
    }

    @Test(arguments: Backend.available)
    func request_past_the_limit_is_429_with_retry_after(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures, configure: { $0.rateLimitPerHour = 3 }) { server in
            // setup
            let caller = try await Self.newClient(server)

            // act
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 {
                statuses.append(
                    try await server.client.get(
                        "/photos?per_page=1", headers: caller
                    ).status)
            }
            let fourth = try await server.client.get("/photos?per_page=1", headers: caller)

            // assert
            #expect(statuses == [.ok, .ok, .ok])
            #expect(fourth.status == .tooManyRequests)
            #expect(fourth.errors == ["Rate Limit Exceeded"])
            #expect(fourth.header("Content-Type")?.hasPrefix("application/json") == true)
            let retryAfter = try #require(fourth.header("Retry-After").flatMap { Int($0) })
            #expect((1...3600).contains(retryAfter))
            #expect(fourth.header("X-Ratelimit-Limit") == "3")
            #expect(fourth.header("X-Ratelimit-Remaining") == "0")
        }
    }

    @Test(arguments: Backend.available)
    func each_client_id_has_its_own_budget(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures, configure: { $0.rateLimitPerHour = 1 }) { server in
            // setup
            let one = try await Self.newClient(server)
            let two = try await Self.newClient(server)

            // act
            let first = try await server.client.get("/photos", headers: one)
            let second = try await server.client.get("/photos", headers: two)
            let again = try await server.client.get("/photos", headers: one)

            // assert
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            #expect(again.status == .tooManyRequests)
        }
    }

    @Test(arguments: Backend.available)
    func image_requests_carry_no_rate_limit_and_do_not_count(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures, configure: { $0.rateLimitPerHour = 2 }) { server in
            // setup
            let caller = try await Self.newClient(server)

            // act
            let api = try await server.client.get("/photos?per_page=1", headers: caller)
            var images: [TestResponse] = []
            for _ in 0..<4 {
                images.append(
                    try await server.client.get(
                        "/img/\(server.fixtures.id(.seaView))?w=100", headers: caller))
            }
            let apiAgain = try await server.client.get("/photos?per_page=1", headers: caller)

            // assert
            #expect(api.header("X-Ratelimit-Remaining") == "1")
            for image in images {
                #expect(image.status == .ok)
                #expect(image.header("X-Ratelimit-Limit") == nil)
                #expect(image.header("X-Ratelimit-Remaining") == nil)
            }
            #expect(apiAgain.status == .ok)
            #expect(apiAgain.header("X-Ratelimit-Remaining") == "0")
        }
    }

    @Test(arguments: Backend.available)
    func cors_allows_any_origin_and_exposes_paging_headers(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos?per_page=2", headers: [.origin: "https://example.com"])

            // assert
            #expect(response.status == .ok)
            let allowOrigin = try #require(response.header("Access-Control-Allow-Origin"))
            #expect(allowOrigin == "*" || allowOrigin == "https://example.com")
            let exposed = try #require(response.header("Access-Control-Expose-Headers")).lowercased()
            for header in ["link", "x-total", "x-per-page", "x-ratelimit-limit", "x-ratelimit-remaining"] {
                #expect(exposed.contains(header), "\(header) not exposed")
            }

        }
    }

    @Test(arguments: Backend.available)
    func cors_preflight_for_unsplash_js_succeeds(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.execute(
                uri: "/photos/random", method: .options,
                headers: [
                    .origin: "https://example.com",
                    .accessControlRequestMethod: "GET",
                    .accessControlRequestHeaders: "authorization,accept-version,cache-control",
                ])

            // assert
            #expect((200..<300).contains(response.status.code))
            #expect(response.header("Access-Control-Allow-Origin") != nil)
            let methods = try #require(response.header("Access-Control-Allow-Methods"))
            #expect(methods.contains("GET"))
            let headers = try #require(response.header("Access-Control-Allow-Headers")).lowercased()
            for header in ["authorization", "accept-version", "cache-control"] {
                #expect(headers.contains(header), "\(header) not allowed")
            }
        }
    }
}

@Suite("Server lifecycle")
struct ServerLifecycleTests {
    @Test(arguments: Backend.available)
    func database_can_be_shut_down_twice(backend: Backend) async throws {
        // setup
        let (url, remove) = try await TestDatabase.makeURL(backend)
        let store = try await LibraryStore.open(url: url, logger: testLogger)
        try await store.database.shutdown()

        // act / assert
        try await store.database.shutdown()

        try await remove()
    }

    @Test(arguments: Backend.available)
    func store_closed_by_the_server_can_be_closed_again(backend: Backend) async throws {
        // setup
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-server-lifecycle")
        defer { try? FileManager.default.removeItem(atPath: data) }

        // act / assert: the application closes the store when it stops, then withStore closes it again
        let status = try await TestDatabase.withStore(backend) { store, _ in
            let app = try await buildApplication(
                TestServer.configuration(dataDirectory: data), store: store, files: LibraryFiles(root: data),
                logger: testLogger)
            return try await app.test(.router) { client in try await client.get("/photos").status }
        }
        #expect(status == .ok)

    }

    @Test(arguments: Backend.available)
    func empty_library_answers_empty_lists(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // act
            let list = try await server.client.get("/photos")
            let random = try await server.client.get("/photos/random")

            // assert
            #expect(list.status == .ok)
            #expect(list.header("X-Total") == "0")
            #expect(list.header("Link") == nil)
            #expect(try list.array().isEmpty)
            #expect(random.status == .notFound)
        }
    }
}

@Suite("Malformed requests")
struct MalformedRequestTests {
    /// The status line and the JSON body of what the server answered to raw bytes.
    static func answer(_ server: TestServer, _ request: String) async throws -> (
        status: String, errors: [String], closes: Bool
    ) {
        let port = try #require(server.client.port)
        let text = try await rawHTTP(port: port, Array(request.utf8.map { $0 == UInt8(ascii: "~") ? 0xFF : $0 }))
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts[0].components(separatedBy: "\r\n")
        let body = parts.dropFirst().joined(separator: "\r\n\r\n")
        let errors = (try? JSONDecoder().decode(ErrorBody.self, from: Data(body.utf8)))?.errors ?? []
        return (head[0], errors, head.contains("Connection: close"))
    }

    @Test(arguments: [
        // `~` stands for the byte 0xFF, which is not UTF-8 and no URL may hold.
        ("GET /photos?query=caf~ HTTP/1.1\r\nHost: localhost\r\n\r\n", "HTTP/1.1 400", "Percent-encode"),
        ("GET /photos/~~ HTTP/1.1\r\nHost: localhost\r\n\r\n", "HTTP/1.1 400", "Percent-encode"),
        (
            "GET /search/photos?query=" + String(repeating: "a", count: 90_000)
                + " HTTP/1.1\r\nHost: localhost\r\n\r\n",
            "HTTP/1.1 431", "larger than 80 kB"
        ),
        (
            "GET /photos HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + String(repeating: "a", count: 100_000)
                + "\r\n\r\n",
            "HTTP/1.1 431", "larger than 80 kB"
        ),
        ("GET /photos HTTP/7.0\r\nHost: localhost\r\n\r\n", "HTTP/1.1 505", "HTTP/1.1"),
        ("POST /photos HTTP/1.1\r\nHost: localhost\r\nContent-Length: lots\r\n\r\n", "HTTP/1.1 400", "length"),
    ])
    func requests_that_are_not_http_get_the_apis_json(request: (bytes: String, status: String, message: String))
        async throws
    {
        try await withTestServer(transport: .live) { server in
            // act
            let answer = try await Self.answer(server, request.bytes)

            // assert
            #expect(answer.status.hasPrefix(request.status), "\(answer.status)")
            #expect(answer.errors.count == 1)
            #expect(answer.errors.first?.contains(request.message) == true, "\(answer.errors)")
            #expect(answer.closes)
        }
    }

    @Test func a_malformed_request_is_answered_after_the_good_ones_before_it() async throws {
        try await withTestServer(transport: .live) { server in
            // act: two pipelined requests, the second unreadable
            let port = try #require(server.client.port)
            let good = "GET /photos?per_page=1 HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let text = try await rawHTTP(
                port: port, Array(good.utf8) + Array("GET /\u{7F}\u{1}x HTTP/1.1\r\n\r\n".utf8))

            // assert: the first answered in full, then the refusal, then the connection closed
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(statuses == ["200", "400"])
            #expect(text.hasSuffix("\"]}"))
        }
    }
}
