import FeedStore
import Firebase
import Logging

/// What a stream tells its client (REST streaming's events).
public enum DatabaseStreamEvent: Sendable, Hashable {
    /// The node at the path (relative to the listened location) is now this.
    case put(DatabasePath, DatabaseNode)
    /// These children of the node at the path are now these (null: gone).
    case patch(DatabasePath, [String: DatabaseNode])
    /// Nothing changed for a while; the stream is alive.
    case keepAlive
    /// The rules no longer let the client read the location; the stream ends.
    case cancel
    /// The client's token expired or was revoked; the stream ends and the client reconnects with a new one.
    case authRevoked
    /// Every change numbered up to this one has had its events (only for a listener that asked for it: the
    /// WebSocket protocol acknowledges a write after the listens it touches were told).
    case caughtUp(Int64)
}

extension RealtimeDatabase {
    /// Starts listening to `path` of `namespace` (narrowed by `query`) for `caller`: the first event is the
    /// current data, then each change as it is committed on any node, only the parts that changed, with
    /// keep-alives every ``DatabaseSettings/keepAliveInterval``. The rules are checked for every change: when they
    /// stop allowing the read the stream says `cancel` and ends; when the caller's token expires or is revoked it
    /// says `authRevoked` and ends. Refusals before the stream starts are thrown (permission, index, size).
    public func listen(
        namespace: String, path: DatabasePath, query: DatabaseQuery = DatabaseQuery(), caller: DatabaseCaller,
        reportsProgress: Bool = false
    ) async throws -> DatabaseListener {
        try checkNamespace(namespace)
        var record = try await store.realtimeNamespace(named: namespace)
        if record == nil {
            record = try await store.ensureRealtimeNamespace(named: namespace, now: clock.milliseconds())
        }
        let (initial, sequence, rules) = try await store.readRealtime(namespace: namespace) { tree in
            let rules = try await self.rules.rules(for: tree)
            let node = try await self.read(in: tree, path: path, query: query, shallow: false, caller: caller)
            return (node, tree.sequence, rules)
        }
        let subscription = feed.subscribe(namespaceID: record!.id, after: sequence, location: path)
        let session = ListenerSession(
            database: self, namespace: namespace, path: path, query: query, caller: caller,
            subscription: subscription, reportsProgress: reportsProgress)
        return DatabaseListener(session: session, initial: initial, sequence: sequence, rules: rules)
    }
}

/// A running stream: iterate its events once; ``close()`` stops it (the client went away).
public final class DatabaseListener: AsyncSequence, Sendable {
    /// The element.
    public typealias Element = DatabaseStreamEvent

    private let stream: AsyncStream<DatabaseStreamEvent>
    private let task: Task<Void, Never>

    init(session: ListenerSession, initial: DatabaseNode, sequence: Int64, rules: DatabaseRules) {
        let (stream, continuation) = AsyncStream.makeStream(of: DatabaseStreamEvent.self)
        self.stream = stream
        task = Task { await session.run(initial: initial, sequence: sequence, rules: rules, out: continuation) }
        continuation.onTermination = { [task] _ in task.cancel() }
    }

    /// Stops the stream and its subscription.
    public func close() {
        task.cancel()
    }

    /// Stops the stream and returns once its work has ended, its last read of the database included: what a
    /// caller that closes the database next (a request handler at shutdown, a test) must wait for.
    public func stop() async {
        task.cancel()
        await task.value
    }

    /// Iterates the events.
    public func makeAsyncIterator() -> AsyncStream<DatabaseStreamEvent>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// The work of one stream: merges its subscription's changes, the keep-alive ticks and its token's expiry into
/// events, checking the rules as it goes.
struct ListenerSession: Sendable {
    let database: RealtimeDatabase
    let namespace: String
    let path: DatabasePath
    let query: DatabaseQuery
    let caller: DatabaseCaller
    let subscription: DatabaseSubscription
    let reportsProgress: Bool

    private enum Input: Sendable {
        case change(DatabaseChange)
        case subscriptionEnded
        case tick
        case expired
    }

    func run(
        initial: DatabaseNode, sequence: Int64, rules initialRules: DatabaseRules,
        out: AsyncStream<DatabaseStreamEvent>.Continuation
    ) async {
        out.yield(.put(.root, initial))
        if reportsProgress { out.yield(.caughtUp(sequence)) }
        var view = DatabaseWindowView(initial: initial)
        var rules = initialRules
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let clock = database.clock
        let settings = database.settings
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await change in subscription { input.yield(.change(change)) }
                input.yield(.subscriptionEnded)
            }
            group.addTask {
                while !Task.isCancelled {
                    do {
                        try await clock.sleep(for: settings.keepAliveInterval)
                    } catch {
                        return
                    }
                    input.yield(.tick)
                }
            }
            if let expiresAt = caller.credential?.expiresAt {
                group.addTask {
                    let remaining = expiresAt - clock.milliseconds()
                    if remaining > 0 {
                        do {
                            try await clock.sleep(for: .milliseconds(remaining))
                        } catch {
                            return
                        }
                    }
                    input.yield(.expired)
                }
            }
            loop: for await item in inputs {
                if Task.isCancelled { break }
                switch item {
                case .change(let change):
                    if case .rules = change.content {
                        guard let fresh = await currentRules() else { break loop }
                        rules = fresh
                    }
                    guard await stillAllowed(rules, out: out) else { break loop }
                    guard let events = await events(for: change, view: &view) else { break loop }
                    for event in events { out.yield(event) }
                    if reportsProgress { out.yield(.caughtUp(change.sequence)) }
                case .subscriptionEnded:
                    break loop
                case .tick:
                    out.yield(.keepAlive)
                    if let credential = caller.credential {
                        do {
                            _ = try await database.caller(idToken: credential.token)
                        } catch let error as DatabaseServiceError where error.status == 401 {
                            out.yield(.authRevoked)
                            break loop
                        } catch {
                            break loop
                        }
                    }
                    // The server's rules may have changed on another node without a change here.
                    guard let fresh = await currentRules() else { break loop }
                    rules = fresh
                    guard await stillAllowed(rules, out: out) else { break loop }
                case .expired:
                    out.yield(.authRevoked)
                    break loop
                }
            }
            group.cancelAll()
            subscription.cancel()
            input.finish()
        }
        out.finish()
    }

    /// The rules as they are now (nil when the database cannot be read: the stream ends and the client
    /// reconnects).
    private func currentRules() async -> DatabaseRules? {
        do {
            return try await database.store.readRealtime(namespace: namespace) { tree in
                try await database.rules.rules(for: tree)
            }
        } catch {
            database.logger.warning("A stream could not read the rules", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Whether the listen goes on under `rules`: when they now deny the read, the client is told (`cancel`) first;
    /// when the rules cannot be judged (the database is unreachable), it ends without a word, as on any read error.
    private func stillAllowed(_ rules: DatabaseRules, out: AsyncStream<DatabaseStreamEvent>.Continuation) async -> Bool
    {
        switch await mayRead(rules) {
        case true?: return true
        case false?:
            out.yield(.cancel)
            return false
        case nil: return false
        }
    }

    /// Whether the rules still let the caller read the location: decided without the database when they read no
    /// data, else against the data as it is now (nil when it cannot be read).
    private func mayRead(_ rules: DatabaseRules) async -> Bool? {
        guard caller.isJudged else { return true }
        let now = database.clock.milliseconds()
        do {
            return try rules.canRead(path, auth: caller.auth, now: now, data: PrefetchedSnapshot()).allowed
        } catch {
            // The rules read data: evaluate them against the database.
        }
        do {
            return try await database.store.readRealtime(namespace: namespace) { tree in
                try await database.canRead(path, rules: rules, caller: caller, in: tree)
            }
        } catch {
            database.logger.warning("A stream could not check its rules", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The events a change makes: straight from the change for a plain listener, from the window read again for a
    /// query (nil when it cannot be read).
    private func events(for change: DatabaseChange, view: inout DatabaseWindowView) async -> [DatabaseStreamEvent]? {
        if query.isDefault {
            return change.events(at: path).map(Self.streamEvent)
        }
        if case .rules = change.content { return [] }
        guard change.touches(path) else { return [] }
        do {
            let next = try await database.store.readRealtime(namespace: namespace) { tree in
                try await database.read(in: tree, path: path, query: query, shallow: false, caller: .admin)
            }
            return view.update(to: next).map(Self.streamEvent)
        } catch {
            database.logger.warning("A stream could not read its query", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private static func streamEvent(_ event: DatabaseViewEvent) -> DatabaseStreamEvent {
        switch event {
        case .put(let path, let node): return .put(path, node)
        case .merge(let path, let children): return .patch(path, children)
        }
    }
}
