import Foundation
import Logging
import NIOCore
import SQLKit
import Synchronization

/// One statement the store ran: its SQL as the database received it, the values bound to it, and how long the
/// database took to answer it (rows included).
public struct StatementRecord: Sendable {
    public let sql: String
    public let binds: [String]
    public let duration: Duration
    /// The values as bound, for running the statement again (its plan).
    let bound: [any Encodable & Sendable]
}

/// Something told about every statement the store runs.
public typealias StatementObserver = @Sendable (StatementRecord) -> Void

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

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        let start = ContinuousClock.now
        let (sql, binds) = base.serialize(query)
        return base.execute(sql: query, onRow).map {
            observer(StatementRecord(
                sql: sql, binds: binds.map { "\($0)" }, duration: ContinuousClock.now - start, bound: binds))
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        let start = ContinuousClock.now
        let (sql, binds) = base.serialize(query)
        try await base.execute(sql: query, onRow)
        observer(StatementRecord(sql: sql, binds: binds.map { "\($0)" }, duration: ContinuousClock.now - start, bound: binds))
    }
}

extension Database {
    /// Runs a recorded statement again under `prefix` (`EXPLAIN QUERY PLAN`, `EXPLAIN (ANALYZE, BUFFERS)`) with its
    /// values and returns the plan, one row per line (each row's last column: SQLite's `detail`, PostgreSQL's
    /// `QUERY PLAN`).
    public func explain(_ record: StatementRecord, prefix: String) async throws -> String {
        try await read { db in
            let lines = Mutex<[String]>([])
            try await db.execute(sql: SQLRaw(prefix + " " + record.sql, record.bound)) { row in
                guard let column = row.allColumns.last, let text = try? row.decode(column: column, as: String.self)
                else { return }
                lines.withLock { $0.append(text) }
            }
            return lines.withLock { $0.joined(separator: "\n") }
        }
    }
}
