import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Locking
import Logging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("Health, readiness and metrics")
struct OperationsTests {
    @Test(arguments: Backend.available)
    func health_and_readiness_answer_a_balancer_without_a_key_or_a_rate_limit(backend: Backend) async throws {
        try await withTestServer(
            backend,
            configure: {
                $0.requireClientID = true
                $0.rateLimitPerHour = 1
            }
        ) { server in
            // act: a balancer polls more often than the API's limit allows a client
            var answers: [TestResponse] = []
            for _ in 0..<3 {
                answers.append(try await server.client.get("/healthz"))
                answers.append(try await server.client.get("/readyz"))
            }

            // assert
            for answer in answers {
                #expect(answer.status == .ok, "\(answer.status) \(answer.text)")
                #expect(answer.headers[.cacheControl] == "no-store")
            }
            #expect(try answers[0].object()["status"] as? String == "ok")
            let ready = try answers[1].object()
            #expect(ready["status"] as? String == "ready")
            #expect(ready["checks"] as? [String: String] == ["database": "ok", "storage": "ok", "disk": "ok"])
        }
    }

    @Test
    func readiness_fails_with_a_reason_when_the_storage_cannot_be_written() async throws {
        try await withTestServer { server in
            // setup: the originals' folder is gone (a lost mount)
            let originals = server.dataDirectory + "/originals"
            try FileManager.default.moveItem(atPath: originals, toPath: originals + "-away")

            // act
            let down = try await server.client.get("/readyz")
            try FileManager.default.moveItem(atPath: originals + "-away", toPath: originals)
            let back = try await server.client.get("/readyz")

            // assert: 503 naming the storage while it is gone, ready again once it is back
            #expect(down.status == .serviceUnavailable)
            #expect(down.errors.count == 1)
            #expect(
                down.errors.first?.hasPrefix("The storage is not reachable: Could not write") == true, "\(down.errors)")
            #expect(back.status == .ok)
        }
    }

    @Test
    func readiness_fails_with_a_reason_when_the_database_is_gone() async throws {
        // setup: a server over a store this test can close under it
        try await Self.withApplication { store, client in
            let before = try await client.execute(uri: "/readyz", method: .get)

            // act
            try await store.database.shutdown()
            let after = try await client.execute(uri: "/readyz", method: .get)
            let alive = try await client.execute(uri: "/healthz", method: .get)

            // assert: not ready, saying why, while still alive
            #expect(before.status == .ok)
            #expect(after.status == .serviceUnavailable)
            #expect(after.errors.first?.hasPrefix("The database is not reachable:") == true, "\(after.errors)")
            #expect(alive.status == .ok)
        }
    }

    @Test
    func a_check_that_cannot_be_cancelled_still_answers_at_its_timeout() async throws {
        // setup: a check that waits on something only the test ends, deaf to cancellation (as a pool's wait is)
        let gate = Gate()

        // act
        let answer = await OperationsController.check("The database", within: .seconds(1)) { await gate.wait() }
        gate.open()

        // assert
        #expect(answer == "The database did not answer within 1 s.")
    }

    @Test
    func every_answer_names_its_request_and_the_request_log_line_carries_the_same_id() async throws {
        // setup: a server whose log this test reads
        let lines = CapturedLog()
        var logger = Logger(label: "imagefeed.tests.request-id") { _ in lines }
        logger.logLevel = .info
        try await Self.withApplication(logger: logger) { _, client in
            // act: one id given by the balancer, one made up of a log line's worth of trouble, none at all
            let given = try await client.execute(uri: "/photos", method: .get, headers: [.requestID: "edge-7f3a.42"])
            let forged = try await client.execute(
                uri: "/photos/nope", method: .get, headers: [.requestID: "x\nlevel=critical all is lost"])
            let plain = try await client.execute(uri: "/no/such/route", method: .get)

            // assert: the given id is kept; the others get one of the server's own, and every answer says its id
            #expect(given.headers[.requestID] == "edge-7f3a.42")
            let made = [forged, plain].compactMap { $0.headers[.requestID] }
            #expect(made.count == 2 && Set(made).count == 2 && !made.contains { $0.contains("\n") }, "\(made)")
            #expect(forged.status == .notFound && plain.status == .notFound)
            // each request's own log line has its id
            let logged = lines.records.filter { $0.message.hasPrefix("GET ") }
            for (answer, path) in [(given, "/photos"), (forged, "/photos/nope"), (plain, "/no/such/route")] {
                let line = logged.first { $0.message.hasPrefix("GET \(path) ") }
                #expect(line?.metadata["hb.request.id"] == answer.headers[.requestID].map { .string($0) }, "\(path)")
            }
        }
    }

    @Test
    func answers_from_the_fast_path_name_their_request_too() async throws {
        try await withTestServer(transport: .live, configure: { FastPathTests.configure(&$0, fastPath: true) }) {
            server in
            // setup: an anonymous feed read, answered from the response cache once it has been read once
            _ = try await server.client.get("/photos")
            let before = server.routes.fastAnswers

            // act
            let given = try await server.client.get("/photos", headers: [.requestID: "lb-1"])
            let plain = try await server.client.get("/photos")

            // assert
            #expect(server.routes.fastAnswers == before + 2)
            #expect(given.headers[.requestID] == "lb-1")
            #expect(plain.headers[.requestID]?.isEmpty == false && plain.headers[.requestID] != "lb-1")
        }
    }

    @Test(arguments: Backend.available)
    func metrics_count_requests_by_route_renditions_and_uploads(backend: Backend) async throws {
        try await withTestServer(
            backend, transport: .live, configure: { FastPathTests.configure(&$0, fastPath: true) }
        ) { server in
            // setup
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(smallJPEG(seed: 41), as: alice)

            // act: one photo read twice (the second from the fast path), an unknown one, a new rendition twice
            for id in [photo.id, photo.id, "unknownPhot"] { _ = try await server.client.get("/photos/\(id)") }
            for _ in 0..<2 { _ = try await server.client.get("/img/\(photo.id)?w=37&fm=jpg") }
            let metrics = try await server.client.get("/metrics")

            // assert
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            let samples = Self.samples(text)
            #expect(
                samples[#"imagefeed_http_requests_total{route="/photos/{id}",method="GET",status="200"}"#] == 2,
                "\(text)")
            #expect(samples[#"imagefeed_http_requests_total{route="/photos/{id}",method="GET",status="404"}"#] == 1)
            #expect(samples[#"imagefeed_http_requests_total{route="/photos",method="POST",status="201"}"#] == 1)
            #expect(samples[#"imagefeed_renditions_total{outcome="rendered"}"#] == 1)
            #expect((samples[#"imagefeed_renditions_total{outcome="cached"}"#] ?? 0) >= 1)
            #expect(samples[#"imagefeed_photos_ingested_total{outcome="recorded"}"#] == 1)
            #expect(samples[#"imagefeed_render_duration_seconds_count"#] == 1)
            #expect((samples["imagefeed_database_pool_size"] ?? 0) >= 1)
            #expect(
                text.contains(#"imagefeed_http_request_duration_seconds_bucket{route="/photos/{id}",method="GET",le="#))
        }
    }

    /// Runs `body` with a server over a new SQLite library whose store the test holds (to close it under the
    /// server), logging to `logger`.
    static func withApplication(
        logger: Logger = testLogger, _ body: @Sendable (LibraryStore, any TestClientProtocol) async throws -> Void
    ) async throws {
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-operations")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let store = try await LibraryStore.open(url: "sqlite://\(data)/library.sqlite", logger: testLogger)
        let application = try await buildApplication(
            TestServer.configuration(dataDirectory: data), store: store, files: LibraryFiles(root: data), logger: logger
        )
        try await application.test(.router) { client in try await body(store, client) }
    }

    /// The samples of an exposition, by name and labels as written.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}

/// A log handler that keeps what is logged, for tests that read a server's log. A value, as log handlers must be
/// (each logger copy has its own metadata); the copies share one record of the lines.
struct CapturedLog: LogHandler {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    private final class Lines: Sendable {
        let kept = Locking.Locked<[Record]>([])
    }

    private let lines = Lines()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var records: [Record] { lines.kept.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        lines.kept.withLock {
            $0.append(Record(level: event.level, message: event.message.description, metadata: merged))
        }
    }
}

/// Something a task waits on, deaf to cancellation, until the test opens it.
final class Gate: Sendable {
    private let state = Locking.Locked<(open: Bool, waiting: CheckedContinuation<Void, Never>?)>((false, nil))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.waiting = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }
}
