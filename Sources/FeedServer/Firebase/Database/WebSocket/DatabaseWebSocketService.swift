import FeedLibrary
import Firebase
import Logging
import NIOCore
import NIOWebSocket

/// Serves the WebSocket connections of the database listener: one ``DatabaseWireSession`` each, fed the text frames
/// the client sends, its messages written back split into counted frames (``WireFraming``). A connection that cannot
/// be read is closed with the reason; a connection of a draining server is told to reconnect (`r`, with the host it
/// used: the SDKs close and connect again, through the load balancer, to a node that stays) and closed.
///
/// The reset and not the shutdown (`s`) because firebase-js-sdk's `Connection.onConnectionShutdown_` makes the
/// client stop reconnecting for good (`interrupt('server_kill')`), while `onReset_` reconnects after its back-off;
/// the shutdown is for a connection that can never succeed (a namespace name that cannot exist).
struct DatabaseWebSocketService: Sendable {
    let database: RealtimeDatabase
    let admin: FirebaseAdminGate
    let clientAddress: ClientAddress
    /// The listener's own `host:port`, for a client that sent no `Host`.
    let listenerHost: String

    /// The largest WebSocket frame read (the protocol's frames are at most 16,384 characters).
    var maximumFrameBytes: Int { max(1 << 20, min(database.settings.maximumWriteBytes, 64 << 20)) }
    /// How long a connection may stay silent (the SDKs' keep-alive comes every 45 s).
    var idleTimeout: TimeAmount { .seconds(Int64(database.settings.webSocketIdleTimeout.components.seconds)) }

    func serve(
        _ channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, request: DatabaseWebSocketRequest,
        drain: DrainSignal, logger: Logger
    ) async {
        let host = request.host ?? listenerHost
        let namespace = DatabaseRESTRequest.namespace(
            ns: request.parameters["ns"], authority: request.host, defaultNamespace: database.settings.defaultNamespace,
            fromHost: database.settings.namespaceFromHost)
        let address = clientAddress.resolve(peer: request.peer, headers: request.headers)
        var logger = logger
        logger[metadataKey: "ns"] = "\(namespace)"
        do {
            try await channel.executeThenClose { inbound, outbound in
                let sender = WebSocketSender(outbound: outbound, allocator: channel.channel.allocator)
                let session = DatabaseWireSession(
                    database: database, namespace: namespace, admin: admin, clientAddress: address, logger: logger
                ) { message in
                    await sender.send(message)
                }
                logger[metadataKey: "session"] = "\(session.sessionID)"
                if let problem = DatabaseNamespaceName.problem(with: namespace) {
                    // The shutdown, which makes the SDKs stop reconnecting: no later attempt can succeed.
                    await sender.send(.shutdown(reason: "Namespace \"\(namespace)\" does not exist: \(problem)"))
                    await sender.close(code: .policyViolation, reason: "Invalid namespace")
                    return
                }
                await session.hello(host: host)
                let connection = channel.channel
                let drained = Task {
                    await drain.wait()
                    guard !Task.isCancelled else { return }
                    await sender.send(.reset(host: host))
                    await sender.close(code: .goingAway, reason: "Server is shutting down")
                    try? await connection.close()
                }
                await read(inbound, session: session, sender: sender, logger: logger)
                drained.cancel()
                // Releases the drain task when the connection ended first.
                drain.fire()
                await session.close()
            }
        } catch {
            logger.debug("A database WebSocket ended", metadata: ["error": "\(error)"])
        }
    }

    /// Reads the client's frames until it closes, the connection drops, or a frame cannot be read.
    private func read(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, session: DatabaseWireSession, sender: WebSocketSender,
        logger: Logger
    ) async {
        do {
            for try await frame in inbound {
                switch frame.opcode {
                case .text:
                    do {
                        try await session.receive(frame: String(buffer: frame.unmaskedData))
                    } catch {
                        logger.info("Closing a database WebSocket", metadata: ["reason": "\(error)"])
                        await sender.send(.error(error.description))
                        await sender.close(code: .protocolError, reason: error.description)
                        return
                    }
                case .binary:
                    await sender.close(code: .unacceptableData, reason: "Binary frames are not part of the protocol")
                    return
                case .ping:
                    await sender.pong(frame.unmaskedData)
                case .connectionClose:
                    await sender.close(code: .normalClosure, reason: "")
                    return
                default:
                    break
                }
            }
        } catch {
            logger.debug("A database WebSocket dropped", metadata: ["error": "\(error)"])
        }
    }
}

/// Writes a session's messages as text frames, in order, each message's frames together.
actor WebSocketSender {
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    private let allocator: ByteBufferAllocator
    private var closed = false

    init(outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>, allocator: ByteBufferAllocator) {
        self.outbound = outbound
        self.allocator = allocator
    }

    func send(_ message: WireServerMessage) async {
        guard !closed else { return }
        let frames = WireFraming.frames(for: message.text).map {
            WebSocketFrame(fin: true, opcode: .text, data: allocator.buffer(string: $0))
        }
        do {
            try await outbound.write(contentsOf: frames)
        } catch {
            closed = true
        }
    }

    func pong(_ data: ByteBuffer) async {
        guard !closed else { return }
        try? await outbound.write(WebSocketFrame(fin: true, opcode: .pong, data: data))
    }

    /// Sends a close frame; nothing is sent after it.
    func close(code: WebSocketErrorCode, reason: String) async {
        guard !closed else { return }
        closed = true
        var data = allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeString(String(reason.utf8.prefix(120)) ?? "")
        try? await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
        outbound.finish()
    }
}
