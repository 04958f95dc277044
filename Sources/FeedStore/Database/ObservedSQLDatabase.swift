import Foundation
import Locking
import Logging
import NIOCore
import SQLKit

/// A database that tells an observer about every statement before handing back its rows: how `imagefeed bench`
/// reads the statements a use case runs from the store itself.
struct ObservedSQLDatabase: SQLDatabase {
    let base: any SQLDatabase
    let observer: StatementObserver

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<
        Void
    > {
        let start = ContinuousClock.now
        let (sql, binds) = base.serialize(query)
        let rows = Locked<Int>(0)
        return base.execute(
            sql: query,
            { row in
                rows.withLock { $0 += 1 }
                onRow(row)
            }
        ).map {
            observer(
                StatementRecord(
                    sql: sql, binds: binds.map { "\($0)" }, duration: ContinuousClock.now - start,
                    rows: rows.withLock { $0 }, bound: binds))
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let start = ContinuousClock.now
        let (sql, binds) = base.serialize(query)
        let rows = Locked<Int>(0)
        try await base.execute(sql: query) { row in
            rows.withLock { $0 += 1 }
            onRow(row)
        }
        observer(
            StatementRecord(
                sql: sql, binds: binds.map { "\($0)" }, duration: ContinuousClock.now - start,
                rows: rows.withLock { $0 }, bound: binds))
    }
}
