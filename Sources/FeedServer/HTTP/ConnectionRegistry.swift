import HummingbirdCore
import Locking
import Logging
import NIOCore
import NIOPosix

/// Every open connection of a server, so that at the connection limit the idle ones can be closed to make room, as
/// nginx reuses its kept-alive connections when it runs out: idle clients (kept-alive connections, or slowloris
/// clients that never finish a request head) cannot keep a new client out. A connection with a request under way is
/// never closed here.
///
/// Connections register once when opened and leave when closed; requests never touch the registry. Closing idle
/// connections asks each event loop about its own connections (the handlers live there), then closes the oldest
/// idle ones, at most ``reclaimBatch`` a time and at most once per ``reclaimPause``.
final class ConnectionRegistry: Sendable {
    /// Why a connection was closed by the server before its client closed it.
    enum Closing: String, Sendable {
        /// Idle at the connection limit, closed to make room.
        case reclaimed = "reclaimed"
        /// The client took none of its answer for the write timeout.
        case writeStalled = "write_stalled"
        /// The client sent its request body slower than the minimum rate.
        case slowBody = "slow_body"
    }

    private struct Entry: Sendable {
        let channel: any Channel
        let guardian: NIOLoopBound<ConnectionGuard>
        let order: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var next: UInt64 = 0
        var lastReclaim = ContinuousClock.Instant.now - .seconds(60)
    }

    /// The most idle connections closed at once.
    let reclaimBatch = 32
    /// The least time between two rounds of closing idle connections.
    let reclaimPause: Duration = .milliseconds(100)
    private let state = Locked(State())
    private let full = Locked(false)
    /// The repeated look for idle connections while the limit holds.
    private let sweep = Locked<RepeatedTask?>(nil)
    private let eventLoop: any EventLoop
    private let logger: Logger
    private let closing: @Sendable (Closing) -> Void

    /// - Parameters:
    ///   - closing: told of every connection the server closes here, with why (for `/metrics`).
    ///   - eventLoop: where the look for idle connections repeats while the limit holds.
    init(
        logger: Logger, eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any(),
        closing: @escaping @Sendable (Closing) -> Void = { _ in }
    ) {
        self.logger = logger
        self.eventLoop = eventLoop
        self.closing = closing
    }

    deinit { sweep.withLock { $0?.cancel() } }

    /// How many connections are open.
    var count: Int { state.withLock { $0.entries.count } }

    /// Whether the connection limit is reached: then no connection is kept alive after its answers (nginx stops
    /// keeping connections alive when it runs short of them too).
    var isFull: Bool { full.withLock { $0 } }

    /// The connection limit was reached (true), or a connection closed below it (false).
    ///
    /// While the limit holds, idle connections are looked for again every ``reclaimPause``, not only when it is
    /// reached: connections accepted in the same burst as the last one register a moment later, and a request
    /// under way then may end, or stop coming, later still. Without it, a client waiting to be accepted would wait
    /// for a connection to close by itself (the idle timeout).
    func limitReached(_ reached: Bool) {
        full.withLock { $0 = reached }
        let task =
            reached
            ? eventLoop.scheduleRepeatedTask(
                initialDelay: TimeAmount(reclaimPause), delay: TimeAmount(reclaimPause)
            ) { [weak self] _ in self?.reclaimIdle() } : nil
        let previous = sweep.withLock { sweep in
            defer { sweep = task }
            return sweep
        }
        previous?.cancel()
    }

    func register(_ channel: any Channel, guard handler: ConnectionGuard) {
        let bound = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        state.withLock { state in
            state.next += 1
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, guardian: bound, order: state.next)
        }
    }

    func remove(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func counted(_ reason: Closing) {
        closing(reason)
    }

    /// Closes up to ``reclaimBatch`` idle connections, the oldest first, unless a round ran within
    /// ``reclaimPause``. Returns at once; the connections close on their event loops.
    func reclaimIdle() {
        let now = ContinuousClock.now
        let entries = state.withLock { state -> [Entry]? in
            guard now - state.lastReclaim >= reclaimPause else { return nil }
            state.lastReclaim = now
            return Array(state.entries.values)
        }
        guard let entries, !entries.isEmpty else { return }
        let byLoop = Dictionary(grouping: entries) { ObjectIdentifier($0.channel.eventLoop) }
        let asked = byLoop.values.map { group in
            group[0].channel.eventLoop.submit { group.filter { $0.guardian.value.isIdle } }
        }
        let batch = reclaimBatch
        EventLoopFuture.whenAllSucceed(asked, on: entries[0].channel.eventLoop).whenSuccess { [self] idle in
            let oldest = idle.joined().sorted { $0.order < $1.order }.prefix(batch)
            for entry in oldest {
                counted(.reclaimed)
                entry.channel.close(promise: nil)
            }
            if !oldest.isEmpty {
                logger.debug("Closed idle connections at the connection limit", metadata: ["closed": "\(oldest.count)"])
            }
        }
    }
}
