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
            let pool = PoolBox(
                EventLoopGroupConnectionPool(
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
                    PostgresListener.notifications(
                        channel: channel, configuration: configuration.coreConfiguration, logger: logger)
                }
            )
            do {
                try await database.ping()
            } catch {
                try? await pool.pool.shutdownAsync()
                throw StoreError.unavailable(
                    "Could not connect to PostgreSQL at \(Database.redacted(url)): \(String(reflecting: error))")
            }
            return database
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
