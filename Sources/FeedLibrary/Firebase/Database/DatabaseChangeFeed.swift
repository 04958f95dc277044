import FeedStore
import Firebase
import Locking
import Logging
import ServiceLifecycle

/// Follows the change log of every namespace this node has listeners for and hands each change to them, in order,
/// each exactly once: the listeners of REST streaming now, and of the WebSocket protocol (issue 31) next.
///
/// The log is numbered per namespace in commit order, and each subscription remembers the last number it was
/// given, so whatever wakes the feed (a commit on this node, PostgreSQL's `NOTIFY` from another node, the poll
/// that catches what a dropped notification connection missed) it reads from where its slowest subscription is and
/// skips what each one already has: nothing is lost or given twice. A subscription whose changes were pruned before
/// it got them, or that fell too far behind, ends; its listener starts again from a fresh read.
public final class DatabaseChangeFeed: Service, Sendable {
    private let store: LibraryStore
    private let settings: DatabaseSettings
    private let clock: any DatabaseClock
    private let logger: Logger
    private let state = Locked(State())
    /// One element per batch of wake-ups: what to serve is in ``State/pending``, so wake-ups that arrive while the
    /// feed is busy are served together.
    private let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    private struct State {
        var namespaces: [Int64: NamespaceState] = [:]
        var nextID = 0
        /// Namespaces to read, and whether to ask the database which namespaces have changes (a poll).
        var pending: Set<Int64> = []
        var pendingPoll = false
    }

    private struct NamespaceState {
        /// The last change read and handed out.
        var last: Int64 = 0
        var subscribers: [Int: DatabaseSubscription] = [:]
    }

    init(store: LibraryStore, settings: DatabaseSettings, clock: any DatabaseClock, logger: Logger) {
        self.store = store
        self.settings = settings
        self.clock = clock
        self.logger = logger
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    private func wake(namespace: Int64?) {
        state.withLock { state in
            if let namespace { state.pending.insert(namespace) } else { state.pendingPoll = true }
        }
        signal.yield()
    }

    /// A subscription to the changes of `namespaceID` after number `sequence` that can alter what a listener at
    /// `location` sees (and every change of the rules).
    public func subscribe(namespaceID: Int64, after sequence: Int64, location: DatabasePath) -> DatabaseSubscription {
        let subscription = state.withLock { state in
            state.nextID += 1
            let subscription = DatabaseSubscription(
                id: state.nextID, namespaceID: namespaceID, location: location, delivered: sequence,
                backlog: settings.listenerBacklog, feed: self)
            state.namespaces[namespaceID, default: NamespaceState(last: sequence)].subscribers[state.nextID] =
                subscription
            return subscription
        }
        wake(namespace: namespaceID)
        return subscription
    }

    /// How many subscriptions are open now.
    public var subscriptionCount: Int {
        state.withLock { $0.namespaces.values.reduce(0) { $0 + $1.subscribers.count } }
    }

    func unsubscribe(_ subscription: DatabaseSubscription) {
        state.withLock { state in
            state.namespaces[subscription.namespaceID]?.subscribers[subscription.id] = nil
            if state.namespaces[subscription.namespaceID]?.subscribers.isEmpty == true {
                state.namespaces[subscription.namespaceID] = nil
            }
        }
    }

    /// Tells the feed that this node committed a change to `namespaceID`: its subscriptions are served at once.
    public func poke(namespaceID: Int64) {
        wake(namespace: namespaceID)
    }

    /// Follows the log until the server shuts down: wakes on commits here, on notifications from other nodes
    /// (PostgreSQL), and every ``DatabaseSettings/pollInterval``.
    public func run() async throws {
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                if let notifications = store.database.notifications(channel: RealtimeChangeChannel.name) {
                    group.addTask {
                        for await notification in notifications {
                            switch notification {
                            case .connected:
                                self.wake(namespace: nil)
                            case .message(let payload):
                                if let id = payload.split(separator: ":").first.flatMap({ Int64($0) }) {
                                    self.wake(namespace: id)
                                }
                            }
                        }
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        do {
                            try await self.clock.sleep(for: self.settings.pollInterval)
                        } catch {
                            return
                        }
                        self.wake(namespace: nil)
                    }
                }
                group.addTask {
                    for await _ in self.signals {
                        await self.serve()
                    }
                }
                // The serving loop ends at shutdown; then the others are stopped.
                await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.signal.finish()
        }
        endAll()
    }

    /// Ends every subscription (the server is stopping: its listeners close their streams).
    func endAll() {
        let all = state.withLock { state in
            let all = state.namespaces.values.flatMap { $0.subscribers.values }
            state.namespaces = [:]
            return all
        }
        for subscription in all { subscription.end() }
    }

    /// Serves what is pending: the namespaces named, and after a poll those the database says have changes.
    private func serve() async {
        let (named, poll) = state.withLock { state in
            defer {
                state.pending = []
                state.pendingPoll = false
            }
            return (state.pending, state.pendingPoll)
        }
        var namespaces = named
        do {
            if poll {
                let followed = state.withLock { $0.namespaces.mapValues(\.last) }
                for (id, sequence) in try await store.realtimeSequences(namespaceIDs: Array(followed.keys))
                where sequence > followed[id] ?? 0 {
                    namespaces.insert(id)
                }
            }
        } catch {
            logger.warning(
                "Could not poll the database's change log", metadata: ["error": "\(String(reflecting: error))"])
        }
        for namespace in namespaces.sorted() {
            do {
                try await catchUp(namespace)
            } catch {
                logger.warning(
                    "Could not read the database's change log",
                    metadata: ["namespace": "\(namespace)", "error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Reads the namespace's changes after its slowest subscription's and hands each to the subscriptions that
    /// have not had it.
    private func catchUp(_ namespace: Int64) async throws {
        while true {
            guard
                let (from, subscribers) = state.withLock({ state -> (Int64, [DatabaseSubscription])? in
                    guard let entry = state.namespaces[namespace], !entry.subscribers.isEmpty else { return nil }
                    let slowest = entry.subscribers.values.map(\.delivered).min() ?? entry.last
                    return (min(slowest, entry.last), Array(entry.subscribers.values))
                })
            else { return }
            let records = try await store.realtimeChanges(namespaceID: namespace, after: from, limit: 500)
            guard let first = records.first else { return }
            if first.sequence > from + 1 {
                // Pruned before these subscriptions had them: they start again from a fresh read.
                for subscription in subscribers where subscription.delivered < first.sequence - 1 {
                    subscription.end()
                    unsubscribe(subscription)
                }
            }
            for record in records {
                let change: DatabaseChange
                do {
                    change = try DatabaseChange(record: record)
                } catch {
                    logger.error(
                        "A logged database change does not read back; skipping it",
                        metadata: ["namespace": "\(namespace)", "sequence": "\(record.sequence)", "error": "\(error)"])
                    continue
                }
                for subscription in subscribers where !subscription.deliver(change) {
                    unsubscribe(subscription)
                }
            }
            let last = records.last!.sequence
            state.withLock { state in
                if let current = state.namespaces[namespace]?.last, current < last {
                    state.namespaces[namespace]?.last = last
                }
            }
            if records.count < 500 { return }
        }
    }
}

/// One listener's share of the feed: the changes of its namespace, in order, that can alter what it sees. Iterate
/// it once; it ends when the listener cancels it, when the server stops, or when the listener must start again
/// (its changes were pruned, or it fell more than ``DatabaseSettings/listenerBacklog`` changes behind).
public final class DatabaseSubscription: AsyncSequence, Sendable {
    /// The element.
    public typealias Element = DatabaseChange

    let id: Int
    /// The namespace followed.
    public let namespaceID: Int64
    /// Where the listener is.
    public let location: DatabasePath
    private let progress: Locked<Int64>
    private let stream: AsyncStream<DatabaseChange>
    private let continuation: AsyncStream<DatabaseChange>.Continuation
    private let feed: DatabaseChangeFeed

    init(
        id: Int, namespaceID: Int64, location: DatabasePath, delivered: Int64, backlog: Int, feed: DatabaseChangeFeed
    ) {
        self.id = id
        self.namespaceID = namespaceID
        self.location = location
        self.progress = Locked(delivered)
        self.feed = feed
        (stream, continuation) = AsyncStream.makeStream(
            of: DatabaseChange.self, bufferingPolicy: .bufferingOldest(backlog))
    }

    /// The number of the last change handed to this subscription (or that its first read already reflected).
    public var delivered: Int64 { progress.withLock { $0 } }

    /// Hands `change` over unless it had it already or it cannot alter what the listener sees; false when the
    /// subscription is over (ended, or too far behind: then it ends).
    func deliver(_ change: DatabaseChange) -> Bool {
        let fresh = progress.withLock { delivered -> Bool in
            guard change.sequence > delivered else { return false }
            delivered = change.sequence
            return true
        }
        guard fresh, change.touches(location) else { return true }
        switch continuation.yield(change) {
        case .enqueued: return true
        case .dropped, .terminated:
            continuation.finish()
            return false
        @unknown default:
            return true
        }
    }

    /// Ends the subscription: its iteration finishes after the changes already handed over.
    public func end() {
        continuation.finish()
    }

    /// Stops following (the listener went away).
    public func cancel() {
        continuation.finish()
        feed.unsubscribe(self)
    }

    /// Iterates the changes.
    public func makeAsyncIterator() -> AsyncStream<DatabaseChange>.Iterator {
        stream.makeAsyncIterator()
    }
}
