import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteKit

extension Database {
    /// Opens (creating when needed) an SQLite file in WAL mode.
    static func openSQLite(path: String, logger: Logger) async throws -> Database {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let threadPool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
        threadPool.start()
        let source = SQLiteFileSource(path: path, threadPool: threadPool)
        let perLoop = 2
        let pool = PoolBox(
            EventLoopGroupConnectionPool(
                source: source,
                maxConnectionsPerEventLoop: perLoop,
                logger: logger,
                on: MultiThreadedEventLoopGroup.singleton
            ))
        let database = Database(
            kind: .sqlite,
            logger: logger,
            serializeWrites: true,
            // The singleton event loop group has one loop per core.
            poolSize: perLoop * System.coreCount,
            folder: directory.isEmpty ? FileManager.default.currentDirectoryPath : directory,
            acquire: {
                let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
                let connection = try await pool.pool.requestConnection(logger: logger, on: eventLoop).get()
                return SQLitePooledConnection(connection: connection, pool: pool, logger: logger)
            },
            close: {
                try await pool.pool.shutdownAsync()
                // The thread pool closes the connections: it stops only once the last of them has closed (one the
                // pool finished opening after its shutdown is closed then, on this thread pool).
                if await source.live.drained(patience: .seconds(10)) {
                    try await threadPool.shutdownGracefully()
                } else {
                    logger.warning(
                        "SQLite connections still open after the pool closed; their thread pool is left running",
                        metadata: ["open": "\(source.live.current)"])
                }
            },
            classify: { error in
                // SQLite reports a write the disk has no room for as SQLITE_FULL, whatever part of the file it was.
                guard let error = error as? SQLiteError, case .full = error.reason else { return nil }
                return .full
            }
        )
        // WAL is a property of the file: set it once, before any other connection uses it.
        try await database.read { db in
            try await db.raw("PRAGMA journal_mode = WAL").run()
        }
        return database
    }
}
