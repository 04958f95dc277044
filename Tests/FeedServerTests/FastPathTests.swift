import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Locking
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// The fast path answers cached renditions and anonymous cached API reads on the event loop: over a real socket it
/// must answer exactly what the router answers, keep answers in order, and leave everything else to the router.
@Suite("Fast path", .fixtureLibrary)
struct FastPathTests {
    /// Settings under which the fast path can answer: the cache trusts its generation and the limiters their counts
    /// for the length of a test, and nothing is written in the background.
    static func configure(_ configuration: inout Configuration, fastPath: Bool) {
        configuration.fastPath = fastPath
        configuration.responseCacheMaxAge = .seconds(3600)
        configuration.rateLimitFlushInterval = 3600
        // views written mid-run would change a photo's `views` between the two servers' answers
        configuration.viewFlushInterval = .seconds(3600)
    }

    /// Runs `body` against a live server over the SQLite fixture library, with the fast path on or off.
    static func withLiveServer<Result: Sendable>(
        fastPath: Bool,
        _ body:
            @escaping @Sendable (any TestClientProtocol, FixtureLibrary, RouteTable, _ appKey: String) async throws
            -> Result
    ) async throws -> Result {
        let result = Locked<Result?>(nil)
        try await withTestServer(
            .sqlite, library: .fixtures, transport: .live,
            configure: {
                configure(&$0, fastPath: fastPath)
            }
        ) { server in
            // Every photo already viewed today from this machine: views during the run change no count (the fixture
            // library outlives each server), so both servers' answers say the same.
            let today = StatisticsDay(Date())
            try await server.store.recordViews(
                FixturePhoto.allCases.flatMap { photo in
                    ["ip:127.0.0.1", "ip:::1"].map {
                        PhotoView(photo: server.fixtures.id(photo), viewer: $0, day: today)
                    }
                })
            // a registered app: an unknown key is refused, by both paths
            let value = try await body(server.client, server.fixtures, server.routes, try await server.app().key)
            result.withLock { $0 = value }
        }
        return try #require(result.withLock { $0 })
    }

    /// The requests both servers get, in order: reads the fast path can answer once their answer is cached, their
    /// conditional and cross-origin forms, and requests it must leave to the router.
    static func requests(_ library: FixtureLibrary, client: String) -> [(HTTPRequest.Method, String, HTTPFields)] {
        let id = library.id(.seaView)
        let app: HTTPFields = [.authorization: "Client-ID \(client)"]
        let cors: HTTPFields = [.authorization: "Client-ID \(client)", .origin: "https://elsewhere.example"]
        let feed = "/photos?per_page=3"
        let small = "/img/\(id)?w=400&fit=max&q=80&fm=jpg"
        return [
            (.get, feed, app), (.get, feed, app), (.get, feed, cors),
            (.get, feed, app.merging([.acceptEncoding: "gzip"])),
            (.get, "/photos/\(id)", app), (.get, "/photos/\(id)", app),
            (.get, "/search/photos?query=sea", app), (.get, "/search/photos?query=sea", cors),
            (.get, small, app), (.get, small, cors), (.head, small, app),
            (.get, small, app.merging([.ifNoneMatch: "\"\(id)-400xauto-max-center-q80.jpg\""])),
            (.get, "/img/\(id)?w=400&fit=max&q=80&fm=jpg&dl=1", app), (.get, "/img/\(id)?w=99999", app),
            (.get, "/img/NoSuchPhoto?w=400&fit=max&q=80&fm=jpg", app), (.get, "/photos/random", app),
            (.get, "/devices", app), (.get, "/devices", app), (.get, "/no-such-route", app),
        ]
    }

    /// An answer as a comparable value: status, headers without `Date` and with whether it names its request rather
    /// than the id, and the body.
    static func comparable(_ response: TestResponse) -> String {
        let headers = response.headers.filter { $0.name != .date }.map { field in
            let value = field.name != .requestID ? field.value : field.value.isEmpty ? "(empty)" : "(an id)"
            return "\(field.name): \(value)"
        }.sorted()
        return "\(response.status.code)\n" + headers.joined(separator: "\n") + "\n" + String(buffer: response.body)
    }

    @Test func answers_are_the_routers_answers_over_a_socket() async throws {
        // act: the same requests to a server with the fast path and to one without (each with its own app)
        var answers: [Bool: [String]] = [:]
        var fastAnswers: [Bool: Int] = [:]
        for fastPath in [true, false] {
            (answers[fastPath], fastAnswers[fastPath]) = try await Self.withLiveServer(fastPath: fastPath) {
                client, library, routes, appKey in
                var collected: [String] = []
                for (method, uri, headers) in Self.requests(library, client: appKey) {
                    let response = try await client.execute(uri: uri, method: method, headers: headers)
                    // the random photo differs between the servers; its status and shape do not
                    collected.append(uri == "/photos/random" ? "\(response.status.code)" : Self.comparable(response))
                }
                return (collected, routes.fastAnswers)
            }
        }

        // assert: identical answers, and the fast path did answer (all but the first of each cached read)
        let fast = try #require(answers[true])
        let slow = try #require(answers[false])
        for (index, (withFastPath, withoutFastPath)) in zip(fast, slow).enumerated() {
            #expect(withFastPath == withoutFastPath, "request \(index)")
        }
        #expect(fastAnswers[false] == 0)
        #expect((fastAnswers[true] ?? 0) >= 8)
    }

    @Test func a_fast_answer_waits_for_an_earlier_request_on_the_same_connection() async throws {
        try await Self.withLiveServer(fastPath: true) { client, library, routes, _ in
            // setup: the rendition is cached (and remembered), the limiter has flushed once
            let id = library.id(.mountainLake)
            let small = "/img/\(id)?w=400&fit=max&q=80&fm=jpg"
            _ = try await client.execute(uri: small, method: .get)
            _ = try await client.execute(uri: small, method: .get)
            let port = try #require(client.port)
            let before = routes.fastAnswers

            // act: a slow request (an upload-sized random read through the router) and a fast one, pipelined
            let answers = try await RawHTTP.pipelined(
                port: port,
                [
                    "GET /photos/random?count=3 HTTP/1.1\r\nHost: localhost\r\n\r\n",
                    "GET \(small) HTTP/1.1\r\nHost: localhost\r\n\r\n",
                ])

            // assert: the answers come in the order asked, the second one not from the fast path
            #expect(answers.count == 2)
            #expect(answers.first?.contentType?.hasPrefix("application/json") == true)
            #expect(answers.last?.contentType == "image/jpeg")
            #expect(routes.fastAnswers == before)
        }
    }
}

/// HTTP/1.1 answers to several requests sent in one write, which the test client cannot do.
enum RawHTTP {
    struct Answer {
        var status: Int
        var contentType: String?
        var body: [UInt8]
    }

    /// Sends `requests` in one write and reads one answer for each (bodies by `Content-Length`).
    static func pipelined(port: Int, _ requests: [String]) async throws -> [Answer] {
        try await RawConnection.with(port: port) { connection in
            connection.send(Array(requests.joined().utf8))
            var received: [UInt8] = []
            var answers: [Answer] = []
            while answers.count < requests.count {
                if let (answer, used) = parse(received) {
                    answers.append(answer)
                    received.removeFirst(used)
                    continue
                }
                guard let bytes = connection.receive() else {
                    throw RawHTTPError(operation: "read answer \(answers.count + 1)")
                }
                received += bytes
            }
            return answers
        }
    }

    /// One whole answer at the start of `bytes` and how many bytes it took; nil until it has all arrived.
    static func parse(_ bytes: [UInt8]) -> (Answer, Int)? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else { return nil }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(fields["content-length"] ?? "0") ?? 0
        guard bytes.count >= end.upperBound + length else { return nil }
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = Array(bytes[end.upperBound..<end.upperBound + length])
        return (Answer(status: status, contentType: fields["content-type"], body: body), end.upperBound + length)
    }
}
