import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// Clients that hold connections without finishing what they started (issue 34): each is disconnected by a timeout
/// or, at the connection limit, to make room, while a well-behaved client is still answered. The timeouts are a
/// fraction of a second here; every wait below is only a bound on waiting, never an assertion about how long
/// anything took.
@Suite("Slow and idle clients")
struct SlowClientTests {
    /// How long a test waits for the server to close a connection before it fails.
    static let patience = 30.0

    static func quick(_ configuration: inout Configuration) {
        configuration.connections.idleTimeout = .milliseconds(300)
        configuration.connections.writeTimeout = .milliseconds(300)
    }

    /// A well-behaved request on a connection of its own: the answer's status line.
    static func normalRequest(port: Int) async throws -> String? {
        try await ClientSocket.run {
            let client = try ClientSocket(port: port)
            client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return client.readAnswer(within: patience)?.split(separator: "\r\n").first.map(String.init)
        }
    }

    @Test
    func a_request_head_that_stops_coming_is_disconnected() async throws {
        try await withTestServer(transport: .live, configure: Self.quick) { server in
            let port = try #require(server.client.port)
            // act: half a request head, then nothing more (a slowloris client, slowed to a stop)
            async let held = ClientSocket.run {
                let slow = try ClientSocket(port: port)
                slow.send("GET /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
                return slow.readUntilClosed(within: Self.patience)
            }
            let normal = try await Self.normalRequest(port: port)

            // assert: closed, with no answer; the other client answered
            let (bytes, closed) = try await held
            #expect(closed)
            #expect(bytes.isEmpty, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(normal == "HTTP/1.1 200 OK")
        }
    }

    @Test
    func a_body_that_stops_coming_is_disconnected() async throws {
        try await withTestServer(transport: .live, configure: Self.quick) { server in
            let port = try #require(server.client.port)
            let owner = try await server.user("alice")
            // act: an upload announcing a megabyte, of which ten bytes come
            let held = try await Self.stalledUpload(port: port, token: owner.token!)

            // assert: closed; nothing of the upload kept
            #expect(held.closed)
            #expect(try await waitUntil(within: Self.patience) { server.filesUnder("tmp").isEmpty })
            #expect(try await allPhotos(server.store).isEmpty)
        }
    }

    @Test
    func a_body_slower_than_the_minimum_rate_is_cut_off() async throws {
        try await withTestServer(
            transport: .live,
            configure: {
                $0.connections.idleTimeout = .seconds(600)  // only the rate can end it within the test
                $0.connections.minimumBodyRate = 1 << 20
                $0.connections.bodyRateGraceOverride = .milliseconds(200)
            }
        ) { server in
            let port = try #require(server.client.port)
            let owner = try await server.user("alice")
            // act: an upload whose body comes far slower than a megabyte a second
            let held = try await Self.stalledUpload(port: port, token: owner.token!)
            let metrics = try await server.client.get("/metrics").text

            // assert: cut off for its rate, nothing of it kept
            #expect(held.closed)
            #expect(metrics.contains(#"imagefeed_connections_closed_total{reason="slow_body"} 1"#), "\(metrics)")
            #expect(try await waitUntil(within: Self.patience) { server.filesUnder("tmp").isEmpty })
        }
    }

    @Test
    func a_client_that_never_reads_its_answers_is_disconnected() async throws {
        // The test's own client sits idle between its requests: only the write timeout is short here.
        try await withTestServer(transport: .live, configure: { $0.connections.writeTimeout = .milliseconds(300) }) {
            server in
            let port = try #require(server.client.port)
            let owner = try await server.user("alice")
            let photo = try await server.uploadPhoto(try Fixtures.jpeg(width: 1600, height: 1200, seed: 4), as: owner)
            // act: two hundred requests for the original in one go, on a socket with a tiny receive window, and not a
            // byte read (far more than the socket buffers and the server's outbound buffer hold)
            let requests = String(repeating: "GET /img/\(photo.id) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 200)
            let stuck = try await ClientSocket.run {
                let stuck = try ClientSocket(port: port, receiveBuffer: 4096)
                stuck.send(requests)
                return stuck
            }

            // assert: the server gives up on it (its metrics say why), and answers another client meanwhile
            let gaveUp = try await waitUntil(within: Self.patience) {
                try await server.client.get("/metrics").text
                    .contains(#"imagefeed_connections_closed_total{reason="write_stalled"} 1"#)
            }
            #expect(gaveUp)
            #expect(try await Self.normalRequest(port: port) == "HTTP/1.1 200 OK")
            #expect(try await ClientSocket.run { stuck.readUntilClosed(within: Self.patience).closed })
        }
    }

    /// The limit is tested on a server run as `imagefeed serve` runs it (`.listening`): HummingbirdTesting's `.live`
    /// server would not install it.
    @Test(arguments: [true, false])
    func idle_connections_at_the_limit_make_room_for_a_new_client(partialHeads: Bool) async throws {
        try await withTestServer(
            transport: .listening,
            configure: {
                $0.connections.maxConnections = 4
                $0.connections.idleTimeout = .seconds(600)  // no rescue from the idle timeout within the test
            }
        ) { server in
            let port = try #require(server.client.port)
            // setup: the limit's four connections, each idle: kept alive after one answer, or halfway through a
            // request head
            let idle = try await ClientSocket.run {
                try (0..<4).map { _ in
                    let client = try ClientSocket(port: port)
                    if partialHeads {
                        client.send("GET /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
                    } else {
                        client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        _ = client.readAnswer(within: Self.patience)
                    }
                    return client
                }
            }

            // act: a fifth client
            let normal = try await Self.normalRequest(port: port)
            let closedIdle = try await ClientSocket.run { idle.filter { $0.readUntilClosed(within: 0.5).closed }.count }
            let metrics = try await server.client.get("/metrics").text

            // assert: answered; idle connections closed to make room for it, and counted as such
            #expect(normal == "HTTP/1.1 200 OK")
            #expect(closedIdle >= 1)
            #expect(metrics.contains(#"imagefeed_connections_closed_total{reason="reclaimed"}"#), "\(metrics)")
        }
    }

    @Test
    func the_settings_refuse_nonsense() {
        // setup
        var configuration = Configuration()
        configuration.connections.maxConnections = 0
        configuration.connections.idleTimeout = .zero

        // act
        let problems = configuration.problems()

        // assert
        #expect(problems.contains { $0.contains("connection limit") })
        #expect(problems.contains { $0.contains("idle timeout") })
    }

    /// Sends an upload announcing a megabyte, of which ten bytes come, and waits (at most ``patience``) for the
    /// server to close the connection: what came back, and whether it was closed.
    static func stalledUpload(port: Int, token: String) async throws -> (bytes: [UInt8], closed: Bool) {
        try await ClientSocket.run {
            let slow = try ClientSocket(port: port)
            slow.send(
                "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: image/jpeg\r\nContent-Length: 1000000\r\n\r\n0123456789")
            return slow.readUntilClosed(within: patience)
        }
    }
}
