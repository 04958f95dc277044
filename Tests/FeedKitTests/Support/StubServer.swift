import Foundation
import Hummingbird
import HummingbirdTesting

/// A second, tiny HTTP server for the answers the real one never gives on purpose: a 5xx, and no answer at all.
enum StubServer {
    /// Runs `body` with the base URL of a server whose `GET /photos/{id}` answers 503 with a message and
    /// `Retry-After: 30`, and whose `GET /slow` answers only after `slowDelay`.
    static func run(slowDelay: Duration = .seconds(4), _ body: @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("/photos/{id}") { _, _ in
            Response(
                status: .serviceUnavailable,
                headers: [.contentType: "application/json", .retryAfter: "30"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"errors":["The library is being upgraded."]}"#)))
        }
        router.get("/photos/{id}/statistics") { _, _ in
            Response(
                status: .badGateway, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body>Bad gateway</body></html>")))
        }
        router.get("/me") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"id": 42}"#)))
        }
        router.get("/slow") { _, _ -> String in
            try await Task.sleep(for: slowDelay)
            return "late"
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(client.port!)")!)
        }
    }
}
