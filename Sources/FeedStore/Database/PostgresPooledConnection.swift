import Foundation
import Logging

#if PostgreSQL
    import AsyncKit
    import NIOCore
    import NIOPosix
    import PostgresKit

    struct PostgresPooledConnection: PooledConnection {
        let connection: PostgresConnection
        let pool: PoolBox<PostgresConnectionSource>
        let logger: Logger

        var sql: any SQLDatabase { PostgresLiveConnectionSQL(connection: connection) }

        func release() {
            pool.pool.releaseConnection(connection, logger: logger)
        }
    }

#endif
