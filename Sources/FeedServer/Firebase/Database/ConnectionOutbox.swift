import Locking
import Logging

/// What one connection of the database has to send and its client has not taken yet: a WebSocket's messages, or a
/// REST stream's events. Producers queue without waiting; one task writes the queue out as fast as the client reads.
///
/// Waiting for the client instead (NIO's writability, through `NIOAsyncChannel`'s writer) would only move the queue
/// upstream, into the listeners' streams, where nothing bounds it: a client that stops reading while writes go on (a
/// phone asleep with its socket open, a stuck proxy) would make the server hold every push for it, for ever. Here
/// the queue is counted in bytes and held to a bound; past it the outbox refuses, once, says so in the log, and its
/// owner closes the connection. The SDKs and EventSource clients reconnect and read afresh, which costs that client one read and
/// costs the server nothing.
final class ConnectionOutbox<Item: Sendable>: Sendable {
    /// What became of an item offered to the outbox.
    enum Outcome: Equatable {
        /// It is queued.
        case queued
        /// It would have passed the bound: it was dropped and the outbox is finished. Said once; the owner closes
        /// the connection.
        case overflowed
        /// The outbox was finished before: the item was dropped.
        case finished
    }

    private struct State {
        var queuedBytes = 0
        var finished = false
    }

    /// The most bytes queued at once (an item that finds the queue empty is taken whatever its size).
    let limit: Int
    /// What the connection is, for the log: "a database WebSocket".
    private let connection: String
    private let logger: Logger
    private let state = Locked(State())
    private let stream: AsyncStream<(item: Item, bytes: Int)>
    private let continuation: AsyncStream<(item: Item, bytes: Int)>.Continuation

    /// An outbox that holds at most `limit` bytes, for `connection` ("a database stream"), whose overflow it logs.
    init(limit: Int, connection: String, logger: Logger) {
        self.limit = limit
        self.connection = connection
        self.logger = logger
        (stream, continuation) = AsyncStream.makeStream(of: (item: Item, bytes: Int).self)
    }

    /// The bytes queued and not written yet.
    var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// Queues `item`, which is `bytes` long.
    func enqueue(_ item: Item, bytes: Int) -> Outcome {
        let (outcome, unread) = state.withLock { state -> (Outcome, Int) in
            guard !state.finished else { return (.finished, state.queuedBytes) }
            if state.queuedBytes > 0 && state.queuedBytes + bytes > limit {
                state.finished = true
                continuation.finish()
                return (.overflowed, state.queuedBytes)
            }
            state.queuedBytes += bytes
            // Under the lock, so the queue's order is the order of the calls.
            continuation.yield((item, bytes))
            return (.queued, state.queuedBytes)
        }
        if outcome == .overflowed {
            logger.notice(
                "Closing \(connection) whose client stopped reading",
                metadata: ["unread_bytes": "\(unread)", "limit": "\(limit)"])
        }
        return outcome
    }

    /// Takes no more items; what is queued is still written.
    func finish() {
        state.withLock { state in
            state.finished = true
            continuation.finish()
        }
    }

    /// Writes the queued items in order with `write` until the outbox is finished and empty, or `write` throws. Call
    /// it from one task only.
    func drain(_ write: (Item) async throws -> Void) async throws {
        for await (item, bytes) in stream {
            try await write(item)
            state.withLock { $0.queuedBytes -= bytes }
        }
    }
}
