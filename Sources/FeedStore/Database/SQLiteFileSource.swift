import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteKit

/// Opens SQLite connections with the pragmas every connection needs.
struct SQLiteFileSource: ConnectionPoolSource {
    let path: String
    let threadPool: NIOThreadPool

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoop)
            .flatMap { connection in
                let pragmas = [
                    "PRAGMA foreign_keys = ON",
                    "PRAGMA synchronous = NORMAL",
                    "PRAGMA temp_store = MEMORY",
                    "PRAGMA cache_size = -16000",
                ]
                return pragmas.reduce(eventLoop.makeSucceededVoidFuture()) { future, pragma in
                    future.flatMap { connection.query(pragma).map { _ in } }
                }
                .map { connection }
                // A connection whose pragmas failed (the pool shutting down under it, say) is closed, not dropped:
                // an SQLite connection left open is a leaked file handle (and a crash of a debug build).
                .flatMapError { error in
                    connection.close().recover { _ in }.flatMapThrowing { _ -> SQLiteConnection in throw error }
                }
            }
    }
}
