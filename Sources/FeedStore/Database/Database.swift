import AsyncKit
import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// A pool of connections to one database, with the two ways the store uses it: reads on any connection and
/// writes inside a transaction on one connection.
///
/// SQLite allows one writer at a time. Writers are queued here, in the process, before they take the database
/// lock (`BEGIN IMMEDIATE`), so a burst of writes never parks every sqlite thread in its busy handler.
public final class Database: Sendable {
    /// Which backend this is; the store branches on it only where the SQL really differs.
    public let kind: DatabaseKind
    public let logger: Logger
    private let acquire: @Sendable () async throws -> any PooledConnection
    private let closePool: @Sendable () async throws -> Void
    private let writeGate: WriteGate?
    private let closed = Locked(false)
    private let commits = Locked<UInt64>(0)
    private let borrowed = ConnectionCount()
    /// The most connections the pool opens.
    public let poolSize: Int
    /// The folder holding the database's files (SQLite), named when its disk is full; nil for a server.
    let folder: String?
    /// What the backend's own errors say about the database (a lost connection, a full disk), if anything.
    let classify: @Sendable (any Error) -> DatabaseFault?
    /// Whether the database answered lately: while it does not, borrowing fails at once.
    let health: Outage
    private let observer = Locked<StatementObserver?>(nil)
    private let listener: (@Sendable (String, Logger) -> AsyncStream<DatabaseNotification>)?

    /// Tells `observer` about every statement run from now on (nil stops it). For tools that show what the store
    /// does (`imagefeed bench trace`); a server never sets one.
    public func observeStatements(_ observer: StatementObserver?) {
        self.observer.withLock { $0 = observer }
    }

    /// The connection's database, observed when someone asked to be told about statements.
    private func observed(_ connection: any PooledConnection) -> any SQLDatabase {
        guard let observer = observer.withLock({ $0 }) else { return connection.sql }
        return ObservedSQLDatabase(base: connection.sql, observer: observer)
    }

    /// How many transactions this process has committed. Cheap to read; caches compare it to notice their own
    /// process's writes at once, without asking the database.
    public var commitCount: UInt64 { commits.withLock { $0 } }

    /// How many connections are lent out now (reads and transactions running, or waiting for the database).
    public var connectionsInUse: Int { borrowed.current }

    /// Why the database cannot be reached now, as this process last found it; nil while it answers.
    public var unavailability: String? { health.problem }

    init(
        kind: DatabaseKind,
        logger: Logger,
        serializeWrites: Bool,
        poolSize: Int,
        folder: String? = nil,
        acquire: @escaping @Sendable () async throws -> any PooledConnection,
        close: @escaping @Sendable () async throws -> Void,
        listen: (@Sendable (String, Logger) -> AsyncStream<DatabaseNotification>)? = nil,
        classify: @escaping @Sendable (any Error) -> DatabaseFault? = { _ in nil }
    ) {
        self.listener = listen
        self.kind = kind
        self.logger = logger
        self.poolSize = poolSize
        self.folder = folder
        self.acquire = acquire
        self.closePool = close
        self.classify = classify
        self.health = Outage.database(logger: logger)
        self.writeGate = serializeWrites ? WriteGate() : nil
    }

    /// How long opening a connection, or waiting for one of the pool's when all are lent out, may take before the
    /// request is refused as ``StoreError/unavailable(_:)``: a database that does not answer makes requests fail
    /// fast rather than hang.
    public static let defaultTimeout: Duration = .seconds(5)

    /// Opens the database a URL names: `sqlite:///abs/path.db`, a plain file path, or `postgres://…`.
    /// - Parameter timeout: for PostgreSQL, how long connecting, or waiting for a free connection, may take.
    public static func open(url: String, logger: Logger, timeout: Duration = defaultTimeout) async throws -> Database {
        switch DatabaseLocation(url: url) {
        case .postgres(let url):
            return try await openPostgres(url: url, logger: logger, timeout: timeout)
        case .sqlite(let path):
            guard !path.isEmpty else { throw StoreError.badConfiguration("The SQLite database path is empty.") }
            return try await openSQLite(path: path, logger: logger)
        }
    }

    /// Runs `body` with a connection for reads. A read cut off by a lost connection (a server that restarted, a
    /// connection an administrator ended) is run once more on a new one: reads change nothing.
    public func read<R: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        var retried = false
        while true {
            let connection = try await borrow()
            do {
                defer { giveBack(connection) }
                return try await body(observed(connection))
            } catch {
                if !retried, case .unreachable? = fault(of: error) {
                    retried = true
                    continue
                }
                throw translated(error)
            }
        }
    }

    /// Runs `body` in a transaction, committing when it returns and rolling back when it throws.
    public func transaction<R: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        if let writeGate { await writeGate.enter() }
        do {
            let result = try await runTransaction(body)
            await writeGate?.leave()
            return result
        } catch {
            await writeGate?.leave()
            throw error
        }
    }

    /// The notifications sent on `channel` (PostgreSQL's `LISTEN`) over a connection of their own, kept open and
    /// reopened after it drops: ``DatabaseNotification/connected`` after every (re)connection, since whatever was
    /// sent while it was down is lost. Nil on SQLite, which has no such thing (one process writes it). Ends when
    /// the consumer stops iterating.
    public func notifications(channel: String) -> AsyncStream<DatabaseNotification>? {
        listener?(channel, logger)
    }

    /// Runs `body` in a read-only transaction that sees one snapshot of the database throughout (PostgreSQL's
    /// repeatable read; SQLite's read transaction in WAL mode), so several statements agree with each other.
    public func snapshot<R: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let connection = try await borrow()
        defer { giveBack(connection) }
        let db = observed(connection)
        do {
            try await db.raw(kind == .sqlite ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").run()
        } catch {
            throw translated(error)
        }
        do {
            let result = try await body(db)
            try await db.raw("COMMIT").run()
            return result
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw translated(error)
        }
    }

    /// A transaction whose `BEGIN` finds the connection lost starts again on a new one (nothing was done yet). One
    /// cut off later is rolled back by the server and reported as ``StoreError/unavailable(_:)``; one cut off
    /// during its `COMMIT` may have been applied, which only the caller can tell (the store's writes are
    /// idempotent or keyed so that trying again is safe: likes, uploads by their SHA-256).
    private func runTransaction<R: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        var retried = false
        while true {
            let connection = try await borrow()
            defer { giveBack(connection) }
            let db = observed(connection)
            do {
                try await db.raw(kind == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
            } catch {
                if !retried, case .unreachable? = fault(of: error) {
                    retried = true
                    continue
                }
                throw translated(error)
            }
            do {
                let result = try await body(db)
                try await db.raw("COMMIT").run()
                commits.withLock { $0 += 1 }
                return result
            } catch {
                try? await db.raw("ROLLBACK").run()
                throw translated(error)
            }
        }
    }

    /// A connection from the pool; refused at once while the database is known to be down (see
    /// ``Outage/database(logger:)``), and as ``StoreError/unavailable(_:)`` when one cannot be opened.
    private func borrow() async throws -> any PooledConnection {
        if let reason = health.refusal() { throw StoreError.unavailable("The database cannot be reached: \(reason)") }
        borrowed.increment()
        // Counted first, then refused once closing began: `shutdown` marks the database closed before it waits for
        // the count to reach zero, so no connection is lent out after that wait.
        if closed.withLock({ $0 }) {
            borrowed.decrement()
            throw StoreError.unavailable("The database is closed.")
        }
        do {
            let connection = try await acquire()
            health.answered()
            return connection
        } catch ConnectionPoolTimeoutError.connectionRequestTimeout {
            // Every connection stayed busy for the pool's whole wait (a burst of writes to one row queues behind its
            // lock): the library is overloaded, not broken, and the caller is told to come back (503, Retry-After)
            // instead of getting a 500. The database answers, so this is no outage: /readyz stays ready.
            borrowed.decrement()
            throw StoreError.unavailable("Every connection to the database stayed busy; the library is overloaded.")
        } catch {
            borrowed.decrement()
            if case .unreachable(let reason)? = fault(of: error) { health.failed(reason) }
            throw translated(error)
        }
    }

    private func giveBack(_ connection: any PooledConnection) {
        connection.release()
        borrowed.decrement()
    }

    /// Closes every connection. Closing twice is harmless: the second call does nothing.
    public func shutdown() async throws {
        let alreadyClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        await Task { await self.drain() }.value
        try await closePool()
    }

    /// Waits, at most `patience`, for the connections lent out to come back: a pool closed under a statement still
    /// running (a cancelled stream's last read) closes that connection when it comes back, on a thread pool already
    /// shutting down, which drops the close unrun: the connection is leaked (and a debug build stops on SQLiteNIO's
    /// assertion). Run in a task of its own, so that a cancelled caller waits too.
    private func drain(patience: Duration = .seconds(10)) async {
        if !(await borrowed.drained(patience: patience)) {
            let lent = connectionsInUse
            logger.warning("Closing the database with connections still lent out", metadata: ["lent": "\(lent)"])
        }
    }
}

extension Database {
    /// The URL without its password, for messages and logs.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}

extension Database {
    /// Asks the database for nothing, to learn that it answers (the readiness check).
    public func ping() async throws {
        try await read { db in try await db.raw("SELECT 1").run() }
    }
}
