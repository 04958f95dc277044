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
    let live: ConnectionCount

    init(_ connection: SQLiteConnection, live: ConnectionCount) {
        self.connection = connection
        self.live = live
    }

    var eventLoop: any EventLoop { connection.eventLoop }
    var isClosed: Bool { connection.isClosed }

    func close() -> EventLoopFuture<Void> {
        connection.close().always { [live] _ in live.decrement() }
    }
}
