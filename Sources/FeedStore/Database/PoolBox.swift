import AsyncKit
import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// Carries an async-kit pool across concurrency domains. The pool locks its own state and routes each request to
/// its event loop's pool, so sharing it is safe; async-kit just predates `Sendable` annotations.
final class PoolBox<Source: ConnectionPoolSource>: @unchecked Sendable {
    let pool: EventLoopGroupConnectionPool<Source>

    init(_ pool: EventLoopGroupConnectionPool<Source>) {
        self.pool = pool
    }
}
