import Foundation
import Locking
import NIOCore
import NIOPosix

/// A TCP proxy on 127.0.0.1 in front of a real service (PostgreSQL, moto), which a test takes down and brings back
/// to play the service's outage without touching the service itself:
/// - ``stop()``: nothing listens on the port any more (new connections are refused) and every connection the proxy
///   was carrying is cut, as when a database server restarts or a bucket's endpoint goes away;
/// - ``hang()``: connections are accepted and nothing is ever answered, as behind a firewall that drops packets;
/// - ``resume()``: the proxy listens on the same port again and carries connections to the service.
public final class FaultyProxy: Sendable {
    /// The port clients connect to.
    public let port: Int
    private let target: (host: String, port: Int)
    private let state = Locked(State())

    private struct State: @unchecked Sendable {
        var listener: (any Channel)?
        var connections: [ObjectIdentifier: any Channel] = [:]
        var hanging = false
    }

    private init(port: Int, target: (host: String, port: Int)) {
        self.port = port
        self.target = target
    }

    /// A proxy carrying connections to `host`:`port`, listening on a free port.
    public static func start(to host: String, port: Int) async throws -> FaultyProxy {
        let probe = try await bootstrap(proxy: nil).bind(host: "127.0.0.1", port: 0).get()
        let free = probe.localAddress?.port ?? 0
        try await probe.close()
        let proxy = FaultyProxy(port: free, target: (host, port))
        try await proxy.listen()
        return proxy
    }

    /// Stops listening and cuts every connection carried.
    public func stop() async {
        let (listener, connections) = state.withLock { state in
            defer {
                state.listener = nil
                state.connections = [:]
            }
            return (state.listener, Array(state.connections.values))
        }
        try? await listener?.close()
        for connection in connections { try? await connection.close() }
    }

    /// Listens again (on the same port) and carries connections to the service.
    public func resume() async throws {
        state.withLock { $0.hanging = false }
        try await listen()
    }

    private func listen() async throws {
        guard state.withLock({ $0.listener == nil }) else { return }
        let listener = try await Self.bootstrap(proxy: self).bind(host: "127.0.0.1", port: port).get()
        state.withLock { $0.listener = listener }
    }

    /// Accepts connections (new ones; those carried now are cut) and answers nothing on them.
    public func hang() async throws {
        let connections = state.withLock { state in
            state.hanging = true
            defer { state.connections = [:] }
            return Array(state.connections.values)
        }
        for connection in connections { try? await connection.close() }
        try await listen()
    }

    private static func bootstrap(proxy: FaultyProxy?) -> ServerBootstrap {
        ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.autoRead, value: false)
            .childChannelInitializer { inbound in
                guard let proxy else { return inbound.close() }
                return proxy.accepted(inbound)
            }
    }

    /// Connects an accepted connection to the service, or, while hanging, swallows what it sends.
    private func accepted(_ inbound: any Channel) -> EventLoopFuture<Void> {
        let hanging = state.withLock { state in
            state.connections[ObjectIdentifier(inbound)] = inbound
            return state.hanging
        }
        inbound.closeFuture.whenComplete { [self] _ in
            _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(inbound)) }
        }
        if hanging {
            return inbound.eventLoop.makeCompletedFuture {
                try inbound.pipeline.syncOperations.addHandler(Swallow())
            }.flatMap { inbound.setOption(ChannelOptions.autoRead, value: true) }
        }
        return ClientBootstrap(group: inbound.eventLoop)
            .channelInitializer { upstream in
                upstream.eventLoop.makeCompletedFuture {
                    try upstream.pipeline.syncOperations.addHandler(Splice(partner: inbound))
                }
            }
            .connect(host: target.host, port: target.port)
            .flatMap { [self] upstream in
                state.withLock { $0.connections[ObjectIdentifier(upstream)] = upstream }
                upstream.closeFuture.whenComplete { [self] _ in
                    _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(upstream)) }
                }
                return inbound.eventLoop.makeCompletedFuture {
                    try inbound.pipeline.syncOperations.addHandler(Splice(partner: upstream))
                }.flatMap { inbound.setOption(ChannelOptions.autoRead, value: true) }
            }
            .flatMapError { _ in inbound.close() }
    }
}

/// Writes what one side of a carried connection sends to the other, and closes the other when it closes.
private final class Splice: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let partner: any Channel

    init(partner: any Channel) {
        self.partner = partner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Reads and drops everything: a service that accepted the connection and will never answer.
private final class Swallow: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
