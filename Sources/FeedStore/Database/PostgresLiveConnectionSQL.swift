import Foundation
import Logging

#if PostgreSQL
    import NIOCore
    import PostgresKit

    /// A PostgreSQL connection's SQL that refuses a statement once the connection has closed, instead of waiting
    /// for ever.
    ///
    /// PostgresNIO writes a statement to its channel without a promise for the write. Once a connection closes (the
    /// server ended it: `pg_terminate_backend`, a restart, a failover) NIO takes the channel's handlers down, and a
    /// statement written after that is dropped by the channel with no one told: its caller waits for an answer that
    /// never comes. The pool checks a connection before lending it, but the server can end it in the instant
    /// between that check and the statement's write, which happens later, on the connection's event loop (seen as a
    /// like that hung a test run for good, one run in a few). So the check is made again on the event loop, in the
    /// same turn as the write: a connection still open there has its handlers, which answer every statement, if
    /// only with an error; a closed one fails the statement at once as a closed channel, which the store takes for
    /// an unreachable database (a read, or a transaction not begun, runs again on a new connection).
    struct PostgresLiveConnectionSQL: SQLDatabase {
        let connection: PostgresConnection
        let base: any SQLDatabase

        init(connection: PostgresConnection) {
            self.connection = connection
            base = connection.sql()
        }

        var logger: Logger { base.logger }
        var eventLoop: any EventLoop { base.eventLoop }
        var version: (any SQLDatabaseReportedVersion)? { base.version }
        var dialect: any SQLDialect { base.dialect }
        var queryLogLevel: Logger.Level? { base.queryLogLevel }

        func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
            -> EventLoopFuture<Void>
        {
            let connection = connection
            let base = base
            // On the event loop, `base` writes at once (PostgresKit only hops there when called from elsewhere).
            return connection.eventLoop.flatSubmit {
                guard !connection.isClosed else {
                    return connection.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
                }
                return base.execute(sql: query, onRow)
            }
        }

        func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
            try await execute(sql: query, onRow).get()
        }
    }

#endif
