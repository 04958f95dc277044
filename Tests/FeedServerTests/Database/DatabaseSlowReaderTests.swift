import FeedLibrary
import Firebase
import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket
import TestSupport
import Testing

/// A client that stops reading while writes keep coming costs the server a bounded amount of memory: past
/// ``DatabaseSettings/maximumUnreadBytes`` its connection is closed, and everyone else carries on.
@Suite("Database slow readers")
struct DatabaseSlowReaderTests {
    /// A value of 1 MB: the kernel's buffers on a loopback connection hold about 3 MB, which values of 64 KB filled
    /// only after some 50 writes, more than a loaded SQLite run made in the wait's bound; these fill them in a few.
    static let bigValue = "\"" + String(repeating: "x", count: 1 << 20) + "\""
    /// The most writes a test makes before it gives up on the server closing its slow client (100 MB).
    static let writeLimit = 100
    /// The bound on each test's exchange: far above what it needs (2 s quiet), against a hang only.
    static let exchangeLimit: Duration = .seconds(120)

    @Test(arguments: Backend.available)
    func a_websocket_client_that_stops_reading_is_closed_and_the_others_get_every_push(backend: Backend)
        async throws
    {
        // setup: a small bound; a client that listens, sets an onDisconnect, and then reads nothing (with a small
        // receive buffer, so the kernel holds little for it); another that reads everything
        var settings = DatabaseSettings()
        settings.maximumUnreadBytes = 256 << 10
        try await DatabaseFixture.withServer(backend, settings: settings) { db, client in
            let port = try #require(client.port)
            try await bounded("the slow reader's exchange", limit: Self.exchangeLimit) {
                try await WireTestConnection.with(port: port, receiveBufferBytes: 4096) { slow in
                    try await WireTestConnection.with(port: port) { reader in
                        for connection in [slow, reader] {
                            #expect(try await connection.request("gauth", #"{"cred":"owner"}"#)["s"] == .string("ok"))
                            #expect(try await connection.request("q", #"{"p":"/feed","h":""}"#)["s"] == .string("ok"))
                        }
                        #expect(
                            try await slow.request("o", #"{"p":"/presence/slow","d":"offline"}"#)["s"] == .string("ok"))

                        // act: write until the server has closed the slow client, which its onDisconnect says (the
                        // loop is bounded: 100 writes are 100 MB, far past any socket buffer and the bound)
                        var written = 0
                        while try await db.get("presence/slow") == .null && written < Self.writeLimit {
                            written += 1
                            try await db.set("feed/\(written)", Self.bigValue)
                            // The reader reads each push as it comes.
                            let push = try await reader.push("d") { $0.path == "feed/\(written)" }
                            #expect(push["d"] == .json(Self.bigValue))
                        }

                        // assert: the slow client was closed (its onDisconnect ran) long before the writes ran out
                        #expect(try await db.get("presence/slow") == (try node("\"offline\"")))
                        #expect(written < Self.writeLimit)
                        // The slow client, reading at last, gets what was already on its way, in order, then the end.
                        _ = try? await slow.untilClosed()
                        let pushed = slow.log.compactMap { message -> Int? in
                            guard message["d"]?["a"] == .string("d"), let path = message["d"]?["b"]?.path,
                                path.hasPrefix("feed/")
                            else { return nil }
                            return Int(path.dropFirst("feed/".count))
                        }
                        #expect(pushed == pushed.indices.map { $0 + 1 })
                        #expect(pushed.count < written)
                        // Nothing written was lost, and the reader's connection still works.
                        guard case .children(let feed) = try await db.get("feed").value else {
                            Issue.record("The feed is gone")
                            return
                        }
                        #expect(feed.count == written)
                        #expect(try await reader.request("p", #"{"p":"/after","d":1}"#)["s"] == .string("ok"))
                    }
                }
            }
        }
    }
}

extension DatabaseSlowReaderTests {
    @Test(arguments: Backend.available)
    func a_stream_client_that_stops_reading_is_closed_and_the_others_get_every_push(backend: Backend) async throws {
        // setup: a REST stream that reads its first event and then nothing more; a WebSocket listener that reads all
        var settings = DatabaseSettings()
        settings.maximumUnreadBytes = 256 << 10
        try await DatabaseFixture.withServer(backend, settings: settings) { db, client in
            let port = try #require(client.port)
            try await bounded("the slow stream's exchange", limit: Self.exchangeLimit) {
                try await RawStreamClient.with(port: port, uri: "/feed.json?ns=test&auth=owner") { slow in
                    #expect(try await slow.readUntil("event: put\n"))
                    try await WireTestConnection.with(port: port) { reader in
                        #expect(try await reader.request("gauth", #"{"cred":"owner"}"#)["s"] == .string("ok"))
                        #expect(try await reader.request("q", #"{"p":"/feed","h":""}"#)["s"] == .string("ok"))
                        let listening = db.database.feed.subscriptionCount

                        // act: write until the stream's listener is gone (bounded: 100 writes are 100 MB)
                        var written = 0
                        while db.database.feed.subscriptionCount == listening && written < Self.writeLimit {
                            written += 1
                            try await db.set("feed/\(written)", Self.bigValue)
                            let push = try await reader.push("d") { $0.path == "feed/\(written)" }
                            #expect(push["d"] == .json(Self.bigValue))
                        }

                        // assert: the stream was ended long before the writes ran out; what was on its way arrives in
                        // order, then the connection closes
                        #expect(written < Self.writeLimit)
                        let text = try await slow.readToEnd()
                        let paths = text.components(separatedBy: "\n\n").compactMap { event -> Int? in
                            guard let range = event.range(of: "data: {\"path\":\"/") else { return nil }
                            let rest = event[range.upperBound...]
                            return Int(rest.prefix { $0.isNumber })
                        }
                        #expect(paths == paths.indices.map { $0 + 1 })
                        #expect(paths.count < written)
                        guard case .children(let feed) = try await db.get("feed").value else {
                            Issue.record("The feed is gone")
                            return
                        }
                        #expect(feed.count == written)
                        #expect(try await reader.request("p", #"{"p":"/after","d":1}"#)["s"] == .string("ok"))
                    }
                }
            }
        }
    }
}

/// A REST stream's client over a plain socket with a small receive buffer, which reads only when told to: a client
/// that stopped reading.
final class RawStreamClient {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var text = ""

    private init(iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) {
        self.iterator = iterator
    }

    /// Opens `GET uri` with `Accept: text/event-stream` and runs `body` with the connection.
    static func with<Result>(port: Int, uri: String, _ body: (RawStreamClient) async throws -> Result) async throws
        -> Result
    {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(
                ByteBuffer(
                    string: "GET \(uri) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"))
            return try await body(RawStreamClient(iterator: inbound.makeAsyncIterator()))
        }
    }

    /// Reads until the text so far holds `marker`; false if the connection closed first.
    func readUntil(_ marker: String) async throws -> Bool {
        while !text.contains(marker) {
            guard let buffer = try await iterator.next() else { return false }
            text += String(buffer: buffer)
        }
        return true
    }

    /// Reads until the server closes the connection (a reset counts as closed); returns everything read.
    func readToEnd() async throws -> String {
        do {
            while let buffer = try await iterator.next() { text += String(buffer: buffer) }
        } catch {
            // The server closed with data unsent: what came is what counts.
        }
        return text
    }
}
