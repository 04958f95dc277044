import FeedKit
import FeedServer
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each kind of failure a UI acts on, produced for real.
@Suite("Errors")
struct ErrorTests {
    @Test func anInvalidTokenMeansSigningInAgain() async throws {
        try await withLiveServer { live in
            await #expect(throws: FeedError.unauthorized(message: "OAuth error: The access token is invalid")) {
                try await live.client(.userToken("not-a-token")).me()
            }
        }
    }

    @Test func aMissingScopeIsForbidden() async throws {
        try await withLiveServer { live in
            let reader = try await live.server.user("rui", scope: "public")
            do {
                _ = try await live.client(as: reader).me()
                Issue.record("read_user was not needed")
            } catch FeedError.forbidden(let message) {
                #expect(message.contains("read_user"))
            }
        }
    }

    @Test func anUnknownPhotoIsNotFound() async throws {
        try await withLiveServer { live in
            await #expect(throws: FeedError.notFound(message: "Couldn't find Photo")) {
                try await live.client().photo("no-such-photo")
            }
        }
    }

    @Test func pastTheRateLimitTheErrorSaysHowLongToWait() async throws {
        try await withLiveServer(configure: { $0.rateLimitPerHour = 2 }) { live in
            let app = try await live.server.registerApp()
            let client = live.client(.publicKey(app.key))
            _ = try await client.photos().first()
            _ = try await client.photos().first()
            do {
                _ = try await client.photos().first()
                Issue.record("the third request of two per hour went through")
            } catch FeedError.rateLimited(let retryAfter, let message) {
                let wait = try #require(retryAfter)
                #expect(wait > .zero && wait <= .seconds(3600))
                #expect(!message.isEmpty)
            }
        }
    }

    @Test func validationAndConflictsAreRejectedWithEveryMessage() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let client = live.client(as: ana)
            do {
                _ = try await client.updateMe(
                    ProfileEdit(email: "not-an-email", bio: String(repeating: "b", count: 300)))
                Issue.record("a bad profile was accepted")
            } catch FeedError.rejected(let status, let messages) {
                #expect(status == 422)
                #expect(messages.count == 2)
            }
            _ = try await client.createCollection(CollectionEdit(title: "Porto"))
            do {
                _ = try await client.createCollection(CollectionEdit(title: "Porto"))
                Issue.record("a second album with the same title was accepted")
            } catch FeedError.rejected(let status, _) {
                #expect(status == 409)
            }
        }
    }

    @Test func aServerFailureCarriesItsMessageAndIsTransient() async throws {
        try await StubServer.run { base in
            let client = FeedClient(baseURL: base)
            do {
                _ = try await client.photo("p1")
                Issue.record("a 503 succeeded")
            } catch let error as FeedError {
                #expect(error == .server(status: 503, message: "The library is being upgraded."))
                #expect(error.isTransient)
            }
            // An HTML error page from a proxy still gives an error a UI can show.
            await #expect(throws: FeedError.server(status: 502, message: "Bad Gateway")) {
                try await client.statistics(ofPhoto: "p1")
            }
            // A body that is not what the operation answers is an invalid response, not a crash.
            do {
                _ = try await client.me()
                Issue.record("a malformed user was accepted")
            } catch FeedError.invalidResponse(let message) {
                #expect(message.contains("getMe"))
            }
        }
    }

    @Test func noServerMeansOffline() async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let client = FeedClient(baseURL: URL(string: "http://127.0.0.1:1")!)
        await #expect(throws: FeedError.offline) { try await client.photos().first() }
    }

    @Test func aServerThatDoesNotAnswerTimesOut() async throws {
        try await StubServer.run(slowDelay: .seconds(4)) { base in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 1
            let transport = URLSessionTransport(session: URLSession(configuration: configuration))
            var request = URLRequest(url: base.appendingPathComponent("slow"))
            request.timeoutInterval = 1
            await #expect(throws: FeedError.timedOut) { try await transport.send(request) }
        }
    }

    @Test func aCancelledCallThrowsCancellation() async throws {
        try await StubServer.run(slowDelay: .seconds(4)) { base in
            let transport = URLSessionTransport()
            let task = Task { try await transport.send(URLRequest(url: base.appendingPathComponent("slow"))) }
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
        }
    }
}
