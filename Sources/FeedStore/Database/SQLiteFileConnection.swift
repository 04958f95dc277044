import AsyncKit
import Foundation
import Locking
import NIOCore
import SQLiteKit

/// An SQLite connection of the pool, counted from its opening until its close has run: the database's thread pool
/// must outlive every connection it serves. SQLiteNIO closes a connection on that thread pool, and a close asked of
/// a thread pool already shut down is dropped unrun — the handle leaks, and a debug build stops on SQLiteNIO's
/// "SQLiteConnection was not closed before deinitializing". A connection the pool finishes opening for a request
/// that has already given up, and closes after its own shutdown, is exactly that case.
final class SQLiteFileConnection: ConnectionPoolItem, Sendable {
    let connection: SQLiteConnection
    let live: LiveConnections

    init(_ connection: SQLiteConnection, live: LiveConnections) {
        self.connection = connection
        self.live = live
    }

    var eventLoop: any EventLoop { connection.eventLoop }
    var isClosed: Bool { connection.isClosed }

    func close() -> EventLoopFuture<Void> {
        connection.close().always { [live] _ in live.ended() }
    }
}

/// How many connections of one SQLite database are being opened or are open, and a wait for none.
final class LiveConnections: Sendable {
    private let count = Locked<Int>(0)

    func began() { count.withLock { $0 += 1 } }
    func ended() { count.withLock { $0 -= 1 } }
    var current: Int { count.withLock { $0 } }

    /// Waits, at most `patience`, until every connection has closed; whether they all did.
    func drained(patience: Duration = .seconds(10)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while current > 0, clock.now < deadline {
            try? await clock.sleep(for: .milliseconds(5))
        }
        return current == 0
    }
}
