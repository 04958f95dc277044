import Foundation
import TestSupport
import Testing

@testable import FeedServer

/// Where a request ends (issue 34): the shapes a proxy and a server may read differently — and so let a second,
/// hidden request through — are each refused with a 400 and the connection closed, so nothing after them on the
/// connection is read as a request. Each shape carries a hidden `GET /smuggled`; no answer to it may come.
/// (e2e/cluster/test_smuggling.py sends the same shapes through deploy/nginx/imagefeed.conf.)
@Suite("Request smuggling")
struct RequestSmugglingTests {
    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// Each shape, named, as the bytes sent.
    static let shapes: [(name: String, request: String)] = [
        (
            "Content-Length with Transfer-Encoding: chunked",
            "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\n" + smuggled
        ),
        (
            "two different Content-Lengths",
            "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n"
                + smuggled
        ),
        (
            "a Transfer-Encoding the server does not know",
            "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n" + smuggled
        ),
        (
            "Transfer-Encoding: chunked behind another coding",
            "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n"
                + smuggled
        ),
        (
            "obsolete line folding",
            "GET /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Folded: a\r\n b\r\nContent-Length: 0\r\n\r\n" + smuggled
        ),
        (
            "a chunk size with junk",
            "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5x\r\nhello\r\n0\r\n\r\n"
                + smuggled
        ),
        (
            "a bare LF ending the header lines",
            "GET /photos HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 0\n\n" + smuggled
        ),
        (
            "a space before a header's colon",
            "POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length : \(smuggled.utf8.count)\r\n\r\n" + smuggled
        ),
    ]

    /// The status that refuses a shape: 400, but for a bare LF, which the parser reads as a broken HTTP version
    /// (505, as for `HTTP/7.0`).
    static func refusal(of shape: String) -> Int {
        shape.hasPrefix("a bare LF") ? 505 : 400
    }

    @Test(arguments: shapes.map(\.name))
    func an_ambiguous_request_is_400_and_the_connection_is_closed(shape: String) async throws {
        try await withTestServer(transport: .live) { server in
            let port = try #require(server.client.port)
            let request = try #require(Self.shapes.first { $0.name == shape }?.request)

            // act
            let (bytes, closed) = try await ClientSocket.run {
                let client = try ClientSocket(port: port)
                client.send(request)
                return client.readUntilClosed(within: 30)
            }
            let answer = String(decoding: bytes, as: UTF8.self)

            // assert: the refusal the only answer — neither the smuggled request's (a 404) nor the shape's route's
            // before it — in the API's shape, and the connection closed after it
            #expect(Self.statuses(answer) == [Self.refusal(of: shape)], "\(answer)")
            #expect(answer.hasSuffix("]}"), "\(answer)")
            #expect(closed)
        }
    }

    @Test
    func a_body_that_breaks_after_its_answer_began_is_refused_after_that_answer() async throws {
        try await withTestServer(transport: .live) { server in
            let port = try #require(server.client.port)

            // act: a chunked body to a route that answers without reading it (none is served here: 404); the junk
            // chunk size comes only after that answer was read
            let (first, rest) = try await ClientSocket.run {
                let client = try ClientSocket(port: port)
                _ = client.send(
                    "POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
                let first = client.readAnswer(within: 30)
                _ = client.send("5x\r\nhello\r\n0\r\n\r\n" + Self.smuggled)
                return (first, client.readUntilClosed(within: 30))
            }
            let answer = String(decoding: rest.bytes, as: UTF8.self)

            // assert: the route's answer whole, then the refusal, and the connection closed; the smuggled request
            // never read
            #expect(first.map(Self.statuses) == [404], "\(first ?? "nothing")")
            #expect(Self.statuses(answer) == [400], "\(answer)")
            #expect(rest.closed)
        }
    }

    /// The statuses of the answers in `answer`, wherever their status lines start (an answer's body runs straight into
    /// the next answer's status line).
    static func statuses(_ answer: String) -> [Int] {
        answer.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { rest -> Int? in
            let code = rest.prefix(4)
            guard code.count == 4, code.last == " " else { return nil }
            return Int(code.prefix(3))
        }
    }
}
