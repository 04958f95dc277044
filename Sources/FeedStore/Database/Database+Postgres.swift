import Foundation
import Logging

#if PostgreSQL
    import AsyncKit
    import NIOCore
    import NIOPosix
    import PostgresKit

    extension Database {
        /// Connects a pool to PostgreSQL. Opening a connection, and waiting for one when all are lent out, each give up
        /// after `timeout`.
        static func openPostgres(url: String, logger: Logger, timeout: Duration) async throws -> Database {
            var configuration: SQLPostgresConfiguration
            do {
                configuration = try SQLPostgresConfiguration(url: url)
            } catch {
                throw StoreError.badConfiguration("The PostgreSQL URL is not valid: \(error)")
            }
            let wait = TimeAmount(timeout)
            configuration.coreConfiguration.options.connectTimeout = wait
            let listenerConfiguration = configuration.coreConfiguration
            let perLoop = 4
            let pool = PoolBox(
                EventLoopGroupConnectionPool(
                    source: PostgresConnectionSource(sqlConfiguration: configuration),
                    maxConnectionsPerEventLoop: perLoop,
                    requestTimeout: wait,
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
                        channel: channel, configuration: listenerConfiguration, logger: logger)
                },
                classify: postgresFault
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

    /// What a PostgreSQL error says about the server: the connection lost or refused, or the server shutting down,
    /// starting, in recovery or out of connections (SQLSTATE classes 08 and 57P, and 53300), is the server's state,
    /// not the query's fault.
    @Sendable func postgresFault(_ error: any Error) -> DatabaseFault? {
        guard let error = error as? PSQLError else { return nil }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return .unreachable(error.underlying.map { String(describing: $0) } ?? "\(error.code)")
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            guard state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" else { return nil }
            return .unreachable(error.serverInfo?[.message] ?? "SQLSTATE \(state)")
        default:
            return nil
        }
    }

#else

    extension Database {
        static func openPostgres(url: String, logger: Logger, timeout: Duration) async throws -> Database {
            throw StoreError.badConfiguration(
                "This build has no PostgreSQL support. Rebuild with `swift build --traits PostgreSQL`, or use SQLite."
            )
        }
    }

#endif
