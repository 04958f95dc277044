import FeedKit
import FeedServer
import Foundation
import TestSupport
import Testing

/// A server under test reached the way an app reaches it: over HTTP on a free local port.
struct LiveServer: Sendable {
    let server: TestServer
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    /// Sees every request FeedKit sends, and can hold or fail them.
    let traffic: TrafficLog

    /// A client of the server with `credentials`, whose requests go through ``traffic``.
    func client(_ credentials: Credentials = .none) -> FeedClient {
        FeedClient(baseURL: baseURL, credentials: credentials, transport: TestTransport(log: traffic))
    }

    /// A client acting as `user` with their bearer token.
    func client(as user: TestUser) -> FeedClient {
        client(.userToken(user.token!))
    }
}

/// Runs `body` against a server started in-process (the same `buildApplication`) and listening on a free port.
func withLiveServer(
    library: TestServer.Library = .empty, configure: (inout Configuration) -> Void = { _ in },
    _ body: @Sendable (LiveServer) async throws -> Void
) async throws {
    try await withTestServer(.sqlite, library: library, transport: .live, configure: configure) { server in
        let port = try #require(server.client.port, "the live server has no port")
        let live = LiveServer(
            server: server, baseURL: URL(string: "http://127.0.0.1:\(port)")!, traffic: TrafficLog())
        try await body(live)
    }
}
