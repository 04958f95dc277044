import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket

/// A WebSocket client for tests that speak to a live server (the Realtime Database's `/.ws`): it sends frames as a
/// browser does (masked), reads the server's frames one at a time, and can leave cleanly (a close frame) or drop the
/// TCP connection without one. Use it inside ``with(host:port:uri:hostHeader:_:)``, which closes it after.
///
/// The handshake and the framing (RFC 6455) are done here over a plain TCP channel rather than with NIO's typed
/// client upgrader, which now and then loses a frame the server sends right behind its `101` answer (the
/// Realtime Database's hello comes at once), so a test would wait for ever for a message that came.
public final class WebSocketTestClient {
    /// Why a connection could not be made or read.
    public struct Refused: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String

        /// A refusal.
        public init(description: String) {
            self.description = description
        }
    }

    private let channel: any Channel
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var buffer = ByteBuffer()

    /// Connects to `ws://host:port<uri>` (sending `Host: <hostHeader>`, default `host:port`) and runs `body` with the
    /// connection, which is closed after. `receiveBufferBytes` shrinks the socket's receive buffer (`SO_RCVBUF`, set
    /// before connecting), for a client that stops reading and should hold little of what the server sends.
    public static func with<Result>(
        host: String = "127.0.0.1", port: Int, uri: String, hostHeader: String? = nil, receiveBufferBytes: Int? = nil,
        _ body: (WebSocketTestClient) async throws -> Result
    ) async throws -> Result {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let receiveBufferBytes {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: .init(receiveBufferBytes))
        }
        let channel = try await bootstrap.connect(
            host: host, port: port
        ) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        return try await channel.executeThenClose { inbound, outbound in
            let client = WebSocketTestClient(channel: channel.channel, inbound: inbound, outbound: outbound)
            try await client.handshake(uri: uri, host: hostHeader ?? "\(host):\(port)")
            return try await body(client)
        }
    }

    private init(
        channel: any Channel, inbound: NIOAsyncChannelInboundStream<ByteBuffer>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.channel = channel
        self.outbound = outbound
        iterator = inbound.makeAsyncIterator()
    }

    private func handshake(uri: String, host: String) async throws {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request =
            "GET \(uri) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try await outbound.write(ByteBuffer(string: request))
        while true {
            let view = buffer.readableBytesView
            if let end = view.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = buffer.readString(length: end.upperBound - view.startIndex) ?? ""
                guard head.hasPrefix("HTTP/1.1 101") else {
                    throw Refused(description: "The server did not upgrade \(uri): \(head)")
                }
                return
            }
            guard try await fill() else { throw Refused(description: "Closed during the handshake") }
        }
    }

    /// Reads more bytes; false once the connection is closed.
    private func fill() async throws -> Bool {
        guard var more = try await iterator.next() else { return false }
        buffer.writeBuffer(&more)
        return true
    }

    /// Sends a text frame.
    public func send(text: String) async throws {
        try await send(opcode: .text, data: ByteBuffer(string: text))
    }

    /// Sends a frame of any kind, masked as a client's must be.
    public func send(opcode: WebSocketOpcode, data: ByteBuffer) async throws {
        var frame = ByteBuffer()
        frame.writeInteger(0x80 | UInt8(webSocketOpcode: opcode))
        let length = data.readableBytes
        if length < 126 {
            frame.writeInteger(0x80 | UInt8(length))
        } else if length <= 0xFFFF {
            frame.writeInteger(UInt8(0x80 | 126))
            frame.writeInteger(UInt16(length))
        } else {
            frame.writeInteger(UInt8(0x80 | 127))
            frame.writeInteger(UInt64(length))
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame.writeBytes(mask)
        frame.writeBytes(data.readableBytesView.enumerated().map { $0.element ^ mask[$0.offset % 4] })
        try await outbound.write(frame)
    }

    /// The server's next frame, nil once the connection is closed.
    public func receive() async throws -> WebSocketFrame? {
        while true {
            if let frame = takeFrame() { return frame }
            guard try await fill() else { return nil }
        }
    }

    /// A whole frame from the bytes read, if they hold one (server frames are not masked).
    private func takeFrame() -> WebSocketFrame? {
        var view = buffer
        guard let first = view.readInteger(as: UInt8.self), let second = view.readInteger(as: UInt8.self) else {
            return nil
        }
        var length = Int(second & 0x7F)
        if length == 126 {
            guard let extended = view.readInteger(as: UInt16.self) else { return nil }
            length = Int(extended)
        } else if length == 127 {
            guard let extended = view.readInteger(as: UInt64.self) else { return nil }
            length = Int(extended)
        }
        guard let payload = view.readSlice(length: length) else { return nil }
        buffer = view
        return WebSocketFrame(
            fin: first & 0x80 != 0, opcode: WebSocketOpcode(encodedWebSocketOpcode: first & 0x0F) ?? .binary,
            data: payload)
    }

    /// Leaves cleanly: a close frame, then the connection closes.
    public func close() async {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .normalClosure)
        try? await send(opcode: .connectionClose, data: data)
        outbound.finish()
        try? await channel.close()
    }

    /// Drops the TCP connection with no close frame, as a client whose network vanished.
    public func drop() async {
        // Linger 0: the close is a reset, not an orderly end.
        if let socket = channel as? any SocketOptionProvider {
            try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try? await channel.close()
    }
}
