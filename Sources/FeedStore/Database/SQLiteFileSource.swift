import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteKit

/// Opens SQLite connections with the pragmas every connection needs, counting them in `live` until they close.
struct SQLiteFileSource: ConnectionPoolSource {
    let path: String
    let threadPool: NIOThreadPool
    let live = ConnectionCount()

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteFileConnection> {
        live.increment()
        return SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoop)
            .flatMapError { [live] error in
                live.decrement()
                return eventLoop.makeFailedFuture(error)
            }
            .flatMap { [live] connection in
                let pragmas = [
                    "PRAGMA foreign_keys = ON",
                    "PRAGMA synchronous = NORMAL",
                    "PRAGMA temp_store = MEMORY",
                    "PRAGMA cache_size = -16000",
                ]
                let pooled = SQLiteFileConnection(connection, live: live)
                return pragmas.reduce(eventLoop.makeSucceededVoidFuture()) { future, pragma in
                    future.flatMap { connection.query(pragma).map { _ in } }
                }
                .map { pooled }
                // A connection whose pragmas failed (the pool shutting down under it, say) is closed, not dropped.
                .flatMapError { error in
                    pooled.close().recover { _ in }.flatMapThrowing { _ -> SQLiteFileConnection in throw error }
                }
            }
    }
}
