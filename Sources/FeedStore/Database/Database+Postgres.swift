import Foundation
import Logging

#if PostgreSQL
import AsyncKit
import NIOCore
import NIOPosix
import PostgresKit

extension Database {
    /// Connects a pool to PostgreSQL.
    static func openPostgres(url: String, logger: Logger) async throws -> Database {
        let configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw StoreError.badConfiguration("The PostgreSQL URL is not valid: \(error)")
        }
        let perLoop = 4
        let pool = PoolBox(EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: perLoop,
            logger: logger,
            on: MultiThreadedEventLoopGroup.singleton
        ))
        let database = Database(
            kind: .postgres,
            logger: logger,
            serializeWrites: false,
            // The singleton event loop group has one loop per core.
            poolSize: perLoop * System.coreCount,
            acquire: {
                let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
                let connection = try await pool.pool.requestConnection(logger: logger, on: eventLoop).get()
                return PostgresPooledConnection(connection: connection, pool: pool, logger: logger)
            },
            close: { try await pool.pool.shutdownAsync() },
            listen: { channel, logger in
                PostgresListener.notifications(channel: channel, configuration: configuration.coreConfiguration, logger: logger)
            }
        )
        do {
            try await database.ping()
        } catch {
            try? await pool.pool.shutdownAsync()
            throw StoreError.unavailable("Could not connect to PostgreSQL at \(Database.redacted(url)): \(String(reflecting: error))")
        }
        return database
    }
}

struct PostgresPooledConnection: PooledConnection {
    let connection: PostgresConnection
    let pool: PoolBox<PostgresConnectionSource>
    let logger: Logger

    var sql: any SQLDatabase { connection.sql() }

    func release() {
        pool.pool.releaseConnection(connection, logger: logger)
    }
}

/// Keeps one connection listening on a channel, reconnecting (after 1 s, then up to 10 s) when it drops.
enum PostgresListener {
    static func notifications(
        channel: String, configuration: PostgresConnection.Configuration, logger: Logger
    ) -> AsyncStream<DatabaseNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: DatabaseNotification.self)
        let task = Task {
            var delay = 1.0
            var attempt = 0
            while !Task.isCancelled {
                attempt += 1
                do {
                    let connection = try await PostgresConnection.connect(
                        configuration: configuration, id: attempt, logger: logger)
                    do {
                        try await connection.listen(on: channel) { notifications in
                            continuation.yield(.connected)
                            delay = 1
                            for try await notification in notifications {
                                continuation.yield(.message(notification.payload))
                            }
                        }
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                } catch {
                    if Task.isCancelled { break }
                    logger.warning(
                        "Lost the PostgreSQL notifications connection; reconnecting",
                        metadata: ["channel": "\(channel)", "error": "\(String(reflecting: error))"])
                }
                if Task.isCancelled { break }
                try? await Task.sleep(for: .seconds(delay))
                delay = min(delay * 2, 10)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

#else
extension Database {
    static func openPostgres(url: String, logger: Logger) async throws -> Database {
        throw StoreError.badConfiguration(
            "This build has no PostgreSQL support. Rebuild with `swift build --traits PostgreSQL`, or use SQLite."
        )
    }
}
#endif
