import Firebase
import Logging
import NIOCore
import NIOWebSocket

/// Writes a session's messages to its WebSocket as text frames, in the order they are sent, each message's frames
/// together. Sending never waits for the client: messages go to a ``ConnectionOutbox`` that ``run(_:)`` writes out as
/// the client reads, so a listen's pushes and a write's acknowledgement keep their order without a slow client
/// holding up the session. A client that lets more than the outbox's bound pile up unread is closed (the SDKs
/// reconnect and listen again), and its pushes are no longer kept for it.
final class WebSocketSender: Sendable {
    private let channel: any Channel
    private let outbox: ConnectionOutbox<[WebSocketFrame]>

    /// A sender for `channel` that keeps at most `limit` bytes unread.
    init(channel: any Channel, limit: Int, logger: Logger) {
        self.channel = channel
        outbox = ConnectionOutbox(limit: limit, connection: "a database WebSocket", logger: logger)
    }

    /// Queues a message.
    func send(_ message: WireServerMessage) {
        let text = message.text
        let frames = WireFraming.frames(for: text).map {
            WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: $0))
        }
        enqueue(frames, bytes: text.utf8.count)
    }

    /// Queues the answer to a ping.
    func pong(_ data: ByteBuffer) {
        enqueue([WebSocketFrame(fin: true, opcode: .pong, data: data)], bytes: data.readableBytes)
    }

    /// Queues a close frame; nothing is sent after it, and the connection closes once it is written.
    func close(code: WebSocketErrorCode, reason: String) {
        let frame = closeFrame(code: code, reason: reason)
        enqueue([frame], bytes: frame.data.readableBytes)
        outbox.finish()
    }

    /// Takes no more messages: ``run(_:)`` ends once the queued ones are written.
    func finish() {
        outbox.finish()
    }

    /// Writes the queued frames until the sender is finished or the connection fails; closes the connection after a
    /// close frame.
    func run(_ outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>) async {
        var sentClose = false
        do {
            try await outbox.drain { frames in
                try await outbound.write(contentsOf: frames)
                if frames.last?.opcode == .connectionClose { sentClose = true }
            }
        } catch {
            // The connection is gone; the reading side ends with it.
        }
        outbound.finish()
        if sentClose { try? await channel.close() }
    }

    private func enqueue(_ frames: [WebSocketFrame], bytes: Int) {
        guard outbox.enqueue(frames, bytes: bytes) == .overflowed else { return }
        // The close frame goes behind what the client has not read, and the connection closes now: a client that
        // reads again finds the reason, and one that never does no longer holds anything here.
        let frame = closeFrame(code: .policyViolation, reason: "The client did not read its messages")
        channel.writeAndFlush(frame, promise: nil)
        channel.close(promise: nil)
    }

    private func closeFrame(code: WebSocketErrorCode, reason: String) -> WebSocketFrame {
        var data = channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeString(String(reason.utf8.prefix(120)) ?? "")
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }
}
