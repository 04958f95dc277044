import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import Locking
import Logging
import TestSupport
import Testing

/// A database clock that moves only when a test says so; sleepers wake when it passes their deadline, or throw
/// when their task is cancelled.
final class TestDatabaseClock: DatabaseClock {
    private struct Sleeper {
        let id: Int
        let deadline: Int64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Int64
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state: Locked<State>

    init(now: Int64 = 1_700_000_000_000) {
        state = Locked(State(now: now))
    }

    func milliseconds() -> Int64 { state.withLock { $0.now } }

    func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resume = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: state.now + milliseconds, continuation: continuation))
                    return false
                }
                if resume { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes everyone whose sleep has ended.
    func advance(by duration: Duration) {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        let woken = state.withLock { state -> [Sleeper] in
            state.now += milliseconds
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// How many are asleep on this clock.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}

/// ID tokens for tests: `token:<uid>:<expires at, ms>`; a token can be revoked. Stands in for issue 29's signed
/// tokens, which the e2e tests use.
final class TestTokenVerifier: DatabaseTokenVerifier {
    let clock: TestDatabaseClock
    private let revoked = Locked<Set<String>>([])

    init(clock: TestDatabaseClock) {
        self.clock = clock
    }

    /// A token for `uid` that expires after `lifetime`.
    func token(for uid: String, lifetime: Duration = .seconds(3600)) -> String {
        "token:\(uid):\(clock.milliseconds() + lifetime.components.seconds * 1000)"
    }

    func revoke(_ token: String) {
        _ = revoked.withLock { $0.insert(token) }
    }

    func verify(idToken token: String) async throws -> VerifiedIDToken {
        let parts = token.split(separator: ":")
        guard parts.count == 3, parts[0] == "token", let expiresAt = Int64(parts[2]) else {
            throw DatabaseTokenError.invalid
        }
        if revoked.withLock({ $0.contains(token) }) { throw DatabaseTokenError.revoked }
        if expiresAt <= clock.milliseconds() { throw DatabaseTokenError.expired }
        let uid = String(parts[1])
        return VerifiedIDToken(
            token: token,
            auth: RulesAuth(uid: uid, token: ["user_id": .string(uid), "sub": .string(uid)]), expiresAt: expiresAt)
    }
}

/// A Realtime Database over a fresh store of a backend, with a manual clock and test tokens, its feed running.
struct DatabaseFixture: Sendable {
    let database: RealtimeDatabase
    let store: LibraryStore
    let clock: TestDatabaseClock
    let tokens: TestTokenVerifier
    let url: String

    static let logger: Logger = {
        var logger = Logger(label: "imagefeed.tests.database")
        logger.logLevel = .warning
        return logger
    }()

    static func with<Result: Sendable>(
        _ backend: Backend, settings: DatabaseSettings = DatabaseSettings(),
        _ body: (DatabaseFixture) async throws -> Result
    ) async throws -> Result {
        try await TestDatabase.withStore(backend) { store, url in
            let fixture = DatabaseFixture.make(store: store, url: url, settings: settings)
            let feed = Task { try await fixture.database.feed.run() }
            defer { feed.cancel() }
            let result = try await body(fixture)
            feed.cancel()
            try await bounded("the change feed's end once cancelled") { _ = await feed.result }
            return result
        }
    }

    static func make(
        store: LibraryStore, url: String, settings: DatabaseSettings = DatabaseSettings(),
        clock: TestDatabaseClock = TestDatabaseClock()
    ) -> DatabaseFixture {
        let tokens = TestTokenVerifier(clock: clock)
        let database = RealtimeDatabase(
            store: store, settings: settings, verifier: tokens, clock: clock, logger: logger)
        return DatabaseFixture(database: database, store: store, clock: clock, tokens: tokens, url: url)
    }

    /// The caller a fresh token for `uid` stands for.
    func user(_ uid: String, lifetime: Duration = .seconds(3600)) async throws -> DatabaseCaller {
        try await database.caller(idToken: tokens.token(for: uid, lifetime: lifetime))
    }

    /// Sets JSON at a path as the admin.
    @discardableResult
    func set(_ path: String, _ json: String, ns: String = "test", as caller: DatabaseCaller = .admin) async throws
        -> DatabaseWriteResult
    {
        try await database.set(
            namespace: ns, path: try DatabasePath(path, allowingPriority: true),
            value: try DatabaseInput.parse(Array(json.utf8), at: try DatabasePath(path, allowingPriority: true)),
            caller: caller)
    }

    /// Reads a path as the admin.
    func get(_ path: String, ns: String = "test", query: DatabaseQuery = DatabaseQuery()) async throws -> DatabaseNode {
        try await database.read(
            namespace: ns, path: try DatabasePath(path, allowingPriority: true), query: query, caller: .admin)
    }
}

func node(_ json: String) throws -> DatabaseNode {
    try DatabaseNode(json: Array(json.utf8))
}

func path(_ text: String) throws -> DatabasePath {
    try DatabasePath(text, allowingPriority: true)
}
