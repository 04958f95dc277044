import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import FeedServer

/// The idle timeout counts every request and answer of a connection, the fast path's too (issue 34), on a loop
/// whose clock the test moves: a busy connection is never closed under its client, an idle one is.
@Suite("Idle timeout")
struct IdleTimeoutTests {
    static let timeout: Duration = .seconds(75)

    /// An open connection whose first handler is a guard with the default 75 s idle timeout and no floor on a
    /// body's rate (which would close a stalled body too).
    static func connection() throws -> EmbeddedChannel {
        var settings = ConnectionSettings()
        settings.idleTimeout = timeout
        settings.minimumBodyRate = nil
        let channel = EmbeddedChannel(handler: ConnectionGuard(settings: settings))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    static func request(_ channel: EmbeddedChannel) throws {
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "a", path: "/")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
    }

    static func answer(_ channel: EmbeddedChannel) throws {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
    }

    @Test
    func a_connection_busy_with_requests_stays_open_past_the_timeout() throws {
        // setup
        let channel = try Self.connection()
        // act: a request answered every 30 s for five minutes (as the fast path answers, in the pipeline)
        for _ in 0..<10 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(30))
            try Self.request(channel)
            try Self.answer(channel)
        }

        // assert
        #expect(channel.isActive)
        _ = try? channel.finish()
    }

    @Test
    func a_kept_alive_connection_is_closed_an_idle_timeout_after_its_last_answer() throws {
        // setup
        let channel = try Self.connection()
        channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        try Self.request(channel)
        try Self.answer(channel)

        // act
        channel.embeddedEventLoop.advanceTime(by: .seconds(74))
        let openBefore = channel.isActive
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))

        // assert
        #expect(openBefore)
        #expect(!channel.isActive)
    }

    @Test
    func a_request_being_answered_is_not_cut_off() throws {
        // setup: a request read whole, its answer begun
        let channel = try Self.connection()
        try Self.request(channel)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))

        // act: the answer takes ten minutes, then ends
        channel.embeddedEventLoop.advanceTime(by: .seconds(600))
        let openWhileAnswering = channel.isActive
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(75))

        // assert: open while answering; idle (and closed) an idle timeout after the answer
        #expect(openWhileAnswering)
        #expect(!channel.isActive)
    }

    @Test
    func a_request_body_that_stops_coming_is_closed() throws {
        // setup: a head, then a first part of its body
        let channel = try Self.connection()
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: "a", path: "/")))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "0123456789")))

        // act: nothing more
        channel.embeddedEventLoop.advanceTime(by: .seconds(74))
        let openBefore = channel.isActive
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))

        // assert
        #expect(openBefore)
        #expect(!channel.isActive)
    }
}
