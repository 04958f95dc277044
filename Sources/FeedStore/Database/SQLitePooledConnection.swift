import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteKit

struct SQLitePooledConnection: PooledConnection {
    let connection: SQLiteFileConnection
    let pool: PoolBox<SQLiteFileSource>
    let logger: Logger

    var sql: any SQLDatabase { connection.connection.sql() }

    func release() {
        pool.pool.releaseConnection(connection, logger: logger)
    }
}
