import AsyncKit
import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// A connection borrowed from a pool, returned with `release()`.
protocol PooledConnection: Sendable {
    var sql: any SQLDatabase { get }
    func release()
}
