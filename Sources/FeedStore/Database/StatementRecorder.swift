import Foundation
import Locking
import Logging
import NIOCore
import SQLKit

/// Something told about every statement the store runs.
public typealias StatementObserver = @Sendable (StatementRecord) -> Void

extension Database {
    /// The database software and its version (`SQLite 3.40.1`, `PostgreSQL 15.18`).
    public func softwareVersion() async throws -> String {
        try await read { [kind] db in
            switch kind {
            case .sqlite:
                let version = try await db.raw("SELECT sqlite_version() AS v").first()?.decode(
                    column: "v", as: String.self)
                return "SQLite " + (version ?? "?")
            case .postgres:
                let version = try await db.raw("SHOW server_version").first()?.decode(
                    column: "server_version", as: String.self)
                return "PostgreSQL " + (version ?? "?")
            }
        }
    }

    /// Brings the planner's statistics up to date after a bulk load (PostgreSQL's `ANALYZE`; SQLite plans without
    /// them, as a library that never ran `ANALYZE` does).
    public func refreshPlannerStatistics() async throws {
        guard kind == .postgres else { return }
        try await read { db in try await db.raw("ANALYZE").run() }
    }

    /// Runs a recorded statement again under `prefix` (`EXPLAIN QUERY PLAN`, `EXPLAIN (ANALYZE, BUFFERS)`) with its
    /// values and returns the plan, one row per line (each row's last column: SQLite's `detail`, PostgreSQL's
    /// `QUERY PLAN`).
    public func explain(_ record: StatementRecord, prefix: String) async throws -> String {
        try await read { db in
            let lines = Locked<[String]>([])
            try await db.execute(sql: Self.rebound(prefix + " " + record.sql, record.bound)) { row in
                guard let column = row.allColumns.last, let text = try? row.decode(column: column, as: String.self)
                else { return }
                lines.withLock { $0.append(text) }
            }
            return lines.withLock { $0.joined(separator: "\n") }
        }
    }

    /// `sql` as the serializer wrote it (placeholders `$1`, `?1`, … in order), with `binds` bound to them again.
    static func rebound(_ sql: String, _ binds: [any Encodable & Sendable]) -> SQLQueryString {
        var query = SQLQueryString(stringLiteral: "")
        var text = Substring(sql)
        var next = 0
        while let mark = text.firstIndex(where: { $0 == "$" || $0 == "?" }), next < binds.count {
            let digits = text[text.index(after: mark)...].prefix(while: \.isNumber)
            guard !digits.isEmpty else {
                query.appendLiteral(String(text[...mark]))
                text = text[text.index(after: mark)...]
                continue
            }
            query.appendLiteral(String(text[..<mark]))
            query.appendInterpolation(bind: binds[next])
            next += 1
            text = text[digits.endIndex...]
        }
        query.appendLiteral(String(text))
        return query
    }
}
