import FeedLibrary
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket

/// The database listener's connections: HTTP/1.1 for REST and streaming, upgraded to a WebSocket at `/.ws` for the
/// SDKs' own protocol (issue 31). NIO's typed upgrade decides on the first request: a WebSocket handshake for
/// `/.ws` becomes a ``DatabaseWebSocketConnection``; anything else is served by the router as Hummingbird's
/// `HTTP1Channel` would (same codec, same connection state handling).
struct DatabaseChannel: ServerChildChannel, HTTPChannelHandler {
    /// What a connection became.
    enum UpgradeResult: Sendable {
        case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, DatabaseWebSocketRequest, DrainSignal)
    }

    /// The connection and the future of its upgrade decision.
    struct Value: ServerChildChannelValue {
        let channel: any Channel
        let result: EventLoopFuture<UpgradeResult>
    }

    let responder: HTTPChannelHandler.Responder
    let webSocket: DatabaseWebSocketService

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
                // A client's frame is at most 16,384 UTF-16 code units: up to 48 KiB of UTF-8; a little more is allowed
                // for clients that send a message whole, and the assembler limits the message itself.
                maxFrameSize: webSocket.maximumFrameBytes,
                shouldUpgrade: { channel, head in
                    let isProtocolPath = head.uri == "/.ws" || head.uri.hasPrefix("/.ws?")
                    return channel.eventLoop.makeSucceededFuture(isProtocolPath ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, head in
                    channel.eventLoop.makeCompletedFuture {
                        let drain = DrainSignal()
                        try channel.pipeline.syncOperations.addHandler(
                            NIOWebSocketFrameAggregator(
                                minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 1024,
                                maxAccumulatedFrameSize: webSocket.maximumFrameBytes))
                        try channel.pipeline.syncOperations.addHandler(
                            IdleStateHandler(readTimeout: webSocket.idleTimeout))
                        try channel.pipeline.syncOperations.addHandler(DrainHandler(signal: drain))
                        let asyncChannel = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                            wrappingChannelSynchronously: channel)
                        let request = DatabaseWebSocketRequest(
                            head: head, peer: channel.remoteAddress?.ipAddress)
                        return UpgradeResult.webSocket(asyncChannel, request, drain)
                    }
                }
            )
            let upgrade = NIOTypedHTTPServerUpgradeConfiguration<UpgradeResult>(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try channel.pipeline.syncOperations.addHandler(
                            HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
                        return UpgradeResult.http(
                            try NIOAsyncChannel(
                                wrappingChannelSynchronously: channel,
                                configuration: .init(isOutboundHalfClosureEnabled: true)))
                    }
                }
            )
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: upgrade)
            // As HTTP1Channel: NIOAsyncChannel pipelines requests, and Hummingbird handles errors and validates headers.
            configuration.enablePipelining = false
            configuration.enableErrorHandling = false
            configuration.enableResponseHeaderValidation = false
            let result = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                configuration: configuration)
            return Value(channel: channel, result: result)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.result.get() {
            case .http(let http):
                await DatabaseConnection.$channel.withValue(http.channel) {
                    await handleHTTP(asyncChannel: http, logger: logger)
                }
            case .webSocket(let channel, let request, let drain):
                await webSocket.serve(channel, request: request, drain: drain, logger: logger)
            }
        } catch {
            logger.debug("A database connection ended before its first request", metadata: ["error": "\(error)"])
        }
    }
}

/// The connection a database request came on, for the handlers that must close it themselves: a REST stream whose
/// client stopped reading (``ConnectionOutbox``) cannot end its response any other way.
enum DatabaseConnection {
    /// The HTTP connection serving the current request; nil outside the database listener.
    @TaskLocal static var channel: (any Channel)?
}

/// What the WebSocket handshake said: the `Host` the client used, its query (`ns`, `v`, `ls`), and who it is.
struct DatabaseWebSocketRequest: Sendable {
    /// The `Host` header (what the hello tells the client to use).
    let host: String?
    /// The query parameters of `/.ws?…`.
    let parameters: [String: String]
    /// The headers, for the client's address behind a trusted proxy.
    let headers: HTTPFields
    /// The TCP peer's address.
    let peer: String?

    init(head: HTTPRequestHead, peer: String?) {
        host = head.headers.first(name: "host")
        var parameters: [String: String] = [:]
        if let query = head.uri.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
                parameters[name] = value
            }
        }
        self.parameters = parameters
        var fields = HTTPFields()
        for header in head.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        headers = fields
        self.peer = peer
    }
}
