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
                let sender = WebSocketSender(
                    channel: channel.channel, limit: database.settings.maximumUnreadBytes, logger: logger)
                // Writes what the session sends as fast as the client reads it; ends once the sender is finished.
                async let written: Void = sender.run(outbound)
                await converse(
                    inbound, sender: sender, namespace: namespace, address: address, host: host, drain: drain,
                    logger: logger)
                sender.finish()
                await written
            }
        } catch {
            logger.debug("A database WebSocket ended", metadata: ["error": "\(error)"])
        }
    }

    /// The conversation of one connection: the hello, then the client's frames until it closes, the connection
    /// drops, a frame cannot be read, or the server drains; the session closes after.
    private func converse(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, sender: WebSocketSender, namespace: String,
        address: String?, host: String, drain: DrainSignal, logger: Logger
    ) async {
        var logger = logger
        let session = DatabaseWireSession(
            database: database, namespace: namespace, admin: admin, clientAddress: address, logger: logger
        ) { message in
            sender.send(message)
        }
        logger[metadataKey: "session"] = "\(session.sessionID)"
        if let problem = DatabaseNamespaceName.problem(with: namespace) {
            // The shutdown, which makes the SDKs stop reconnecting: no later attempt can succeed.
            sender.send(.shutdown(reason: "Namespace \"\(namespace)\" does not exist: \(problem)"))
            sender.close(code: .policyViolation, reason: "Invalid namespace")
            return
        }
        await session.hello(host: host)
        let drained = Task {
            await drain.wait()
            guard !Task.isCancelled else { return }
            // The sender closes the connection once these are written, which ends the reading below.
            sender.send(.reset(host: host))
            sender.close(code: .goingAway, reason: "Server is shutting down")
        }
        await read(inbound, session: session, sender: sender, logger: logger)
        drained.cancel()
        // Releases the drain task when the connection ended first.
        drain.fire()
        await session.close()
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
                        sender.send(.error(error.description))
                        sender.close(code: .protocolError, reason: error.description)
                        return
                    }
                case .binary:
                    sender.close(code: .unacceptableData, reason: "Binary frames are not part of the protocol")
                    return
                case .ping:
                    sender.pong(frame.unmaskedData)
                case .connectionClose:
                    sender.close(code: .normalClosure, reason: "")
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
