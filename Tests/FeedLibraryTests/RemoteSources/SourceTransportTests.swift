import FeedKit
import Foundation
import Locking
import Testing

@testable import FeedLibrary

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules every connector reads by: a spent request budget holds the next request until its reset, a passing
/// failure is tried again, and a source that keeps refusing ends the sync with why.
@Suite("Source transport")
struct SourceTransportTests {
    /// Answers from a script, in order, and notes when each request arrived.
    final class Scripted: HTTPTransport {
        let answers: Locked<[(Int, [String: String])]>
        let arrivals = Locked<[ContinuousClock.Instant]>([])

        init(_ answers: [(Int, [String: String])]) {
            self.answers = Locked(answers)
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            arrivals.withLock { $0.append(.now) }
            let (status, headers) = answers.withLock { $0.isEmpty ? (200, [:]) : $0.removeFirst() }
            return (
                Data("{}".utf8),
                HTTPURLResponse(
                    url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
                    headerFields: headers)!
            )
        }
    }

    final class Waits: Sendable {
        let all = Locked<[String]>([])
        func note(_ wait: Duration, _ why: String) {
            all.withLock { $0.append("\(wait.components.seconds) s: \(why)") }
        }
    }

    let request = URLRequest(url: URL(string: "http://127.0.0.1:9/api/")!)

    @Test func aSpentBudgetHoldsTheNextRequestUntilTheReset() async throws {
        let inner = Scripted([(200, ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1"]), (200, [:])])
        let waits = Waits()
        let transport = SourceTransport(
            inner: inner, backoff: SourceBackoff(initial: .milliseconds(10)), onWait: waits.note)

        _ = try await transport.send(request)
        _ = try await transport.send(request)

        let arrivals = inner.arrivals.withLock { $0 }
        #expect(arrivals.count == 2)
        #expect(arrivals[1] - arrivals[0] >= .milliseconds(900))
        #expect(waits.all.withLock { $0 }.count == 1)
        #expect(
            waits.all.withLock { $0 }.first?.hasSuffix("the source's request budget is spent until its reset") == true)
    }

    @Test func aPassingFailureIsTriedAgainWithADoublingWait() async throws {
        let inner = Scripted([(503, [:]), (502, [:]), (200, [:])])
        let waits = Waits()
        let transport = SourceTransport(
            inner: inner, backoff: SourceBackoff(initial: .milliseconds(10)), onWait: waits.note)

        let (_, response) = try await transport.send(request)

        #expect(response.statusCode == 200)
        #expect(inner.arrivals.withLock { $0 }.count == 3)
        #expect(
            waits.all.withLock { $0 } == ["0 s: the source failed (HTTP 503)", "0 s: the source failed (HTTP 502)"])
        #expect(SourceBackoff(initial: .seconds(2)).wait(attempt: 3, asked: nil) == .seconds(16))
        #expect(SourceBackoff(initial: .seconds(2), longest: .seconds(10)).wait(attempt: 5, asked: nil) == .seconds(10))
    }

    @Test func aSourceThatKeepsRefusingEndsTheSync() async throws {
        let inner = Scripted(Array(repeating: (429, [:]), count: 10))
        let transport = SourceTransport(inner: inner, backoff: SourceBackoff(initial: .milliseconds(1), attempts: 3))

        await #expect {
            _ = try await transport.send(request)
        } throws: { error in
            String(describing: error) == "Gave up after 3 tries: the source is rate limiting (HTTP 429)."
        }
        #expect(inner.arrivals.withLock { $0 }.count == 3)
    }

    @Test func aSourceAskingForTooLongAWaitEndsTheSyncAtOnce() async throws {
        let inner = Scripted([(429, ["Retry-After": "3600"])])
        let transport = SourceTransport(
            inner: inner, backoff: SourceBackoff(initial: .milliseconds(1), longest: .seconds(120)))

        await #expect {
            _ = try await transport.send(request)
        } throws: { error in
            String(describing: error).hasPrefix("The source asks to wait 3600 s")
        }
    }
}
