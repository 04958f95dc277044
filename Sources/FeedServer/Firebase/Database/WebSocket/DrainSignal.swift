import NIOConcurrencyHelpers
import NIOCore

/// Tells a WebSocket connection that the server is draining (Hummingbird's graceful shutdown fires NIO's
/// `ChannelShouldQuiesceEvent` on every connection), so it sends the SDKs' reset and closes.
final class DrainSignal: Sendable {
    private let state = NIOLockedValueBox<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Marks the drain and wakes every waiter.
    func fire() {
        let waiters = state.withLockedValue { state in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the drain began (at once when it already has).
    func wait() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLockedValue { state in
                if !state.fired { state.waiters.append(continuation) }
                return state.fired
            }
            if fired { continuation.resume() }
        }
    }
}

/// Passes the quiesce event of a WebSocket connection to its ``DrainSignal``, and closes a connection that said
/// nothing for longer than its read timeout (`IdleStateHandler` before it): the SDKs send a keep-alive every 45 s, so
/// a silent connection is one whose client vanished without closing, and its onDisconnect operations must run.
final class DrainHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny
    let signal: DrainSignal

    init(signal: DrainSignal) {
        self.signal = signal
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            signal.fire()
        } else if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
