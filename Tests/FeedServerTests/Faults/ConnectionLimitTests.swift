import HTTPTypes
import Locking
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import FeedServer

/// At the connection limit a connection is not kept alive past its answers (issue 34): one that was busy when the
/// limit was reached makes room for a waiting client as soon as it is done, instead of idling until its timeout.
/// (`SlowClientTests` checks the limit on a listening server; this checks the guard's part on one connection.)
@Suite("Connection limit")
struct ConnectionLimitTests {
    /// The connections a registry closed, with why.
    final class Closings: Sendable {
        private let reasons = Locked<[ConnectionRegistry.Closing]>([])

        func append(_ reason: ConnectionRegistry.Closing) { reasons.withLock { $0.append(reason) } }

        var all: [ConnectionRegistry.Closing] { reasons.withLock { $0 } }
    }

    /// A limit of `max` over a registry whose closings are counted in `closed`, and whose repeated look for idle
    /// connections runs on `loop` (an embedded loop runs nothing the test does not run).
    static func limit(max: Int, closed: Closings, loop: EmbeddedEventLoop) -> ConnectionLimit {
        let registry = ConnectionRegistry(logger: Logger(label: "connection-limit-test"), eventLoop: loop) {
            closed.append($0)
        }
        return ConnectionLimit(max: max, registry: registry)
    }

    /// An open connection guarded with `limit`'s registry and no timeouts, with one request read whole.
    static func connection(_ limit: ConnectionLimit, loop: EmbeddedEventLoop) throws -> EmbeddedChannel {
        var settings = ConnectionSettings()
        settings.idleTimeout = nil
        settings.writeTimeout = nil
        settings.minimumBodyRate = nil
        let shared = settings.shared(through: limit.registry, logger: Logger(label: "connection-limit-test"))
        let channel = EmbeddedChannel(handler: ConnectionGuard(settings: shared), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "a", path: "/")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        return channel
    }

    static func answer(_ channel: EmbeddedChannel) throws {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
    }

    @Test
    func a_connection_answered_at_the_limit_is_closed_after_its_answer() throws {
        // setup: the limit's one connection, busy with a request
        let closed = Closings()
        let loop = EmbeddedEventLoop()
        var limit = Self.limit(max: 1, closed: closed, loop: loop)
        limit.connectionOpened()
        let channel = try Self.connection(limit, loop: loop)

        // act
        try Self.answer(channel)

        // assert: the whole answer went out, then the connection closed to make room, counted as such
        var parts: [HTTPResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) { parts.append(part) }
        #expect(parts.count == 2)
        #expect(!channel.isActive)
        #expect(closed.all == [.reclaimed])
    }

    @Test
    func below_the_limit_an_answered_connection_is_kept_alive() throws {
        // setup: one connection of a limit of two
        let closed = Closings()
        let loop = EmbeddedEventLoop()
        var limit = Self.limit(max: 2, closed: closed, loop: loop)
        limit.connectionOpened()
        let channel = try Self.connection(limit, loop: loop)

        // act
        try Self.answer(channel)

        // assert
        #expect(channel.isActive)
        #expect(closed.all.isEmpty)
        _ = try? channel.finish()
    }

    @Test
    func once_a_connection_closes_below_the_limit_connections_are_kept_alive_again() throws {
        // setup: the limit reached, then one connection closed
        let closed = Closings()
        let loop = EmbeddedEventLoop()
        var limit = Self.limit(max: 2, closed: closed, loop: loop)
        limit.connectionOpened()
        limit.connectionOpened()
        limit.connectionClosed()
        let channel = try Self.connection(limit, loop: loop)

        // act
        try Self.answer(channel)

        // assert
        #expect(channel.isActive)
        #expect(!limit.registry.isFull)
        _ = try? channel.finish()
    }
}
