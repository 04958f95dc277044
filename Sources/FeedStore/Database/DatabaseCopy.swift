import Foundation
import SQLKit

/// Copies a whole library's database from SQLite into an empty PostgreSQL database: how a library that began on one
/// machine moves to several nodes (`imagefeed database copy --to postgres://…`).
///
/// What is copied is read off the two schemas, not listed here, so a table a later migration adds is copied too:
/// every table of the target (both databases are migrated to the same version first) in the order of its foreign
/// keys, every column the two share, each value read as the type the target declares. Nothing is lost on the way:
///
/// - the source is read in one read transaction, a snapshot, so a server still writing meanwhile cannot make the
///   copy inconsistent (what it writes after the snapshot is not in the copy: stop it first);
/// - the target is written in one transaction, checked row count by row count against the source before it
///   commits, so a copy either arrives whole or not at all, and can simply be run again;
/// - the numbers the Flickr, Pixabay and JSONPlaceholder dialects show (`number`) keep their values, and each
///   sequence continues after the highest number the source ever gave, so a number an app cached never comes back
///   for another photo, even when its photo was deleted;
/// - a target that already holds anything is refused, untouched.
///
/// One column is the target's own: PostgreSQL's full-text rows carry their photo's date (migration 011), which
/// SQLite's do not; it is filled from the photos as that migration did.
public struct DatabaseCopy: Sendable {
    let source: Database
    let target: Database
    /// Rows read from the source at a time.
    var pageSize = 2000

    /// - Parameters:
    ///   - source: the SQLite database a library has been using, migrated.
    ///   - target: the PostgreSQL database it moves to, migrated and otherwise empty.
    public init(from source: Database, to target: Database) throws {
        guard source.kind == .sqlite else { throw DatabaseCopyError.sourceNotSQLite }
        guard target.kind == .postgres else { throw DatabaseCopyError.targetNotPostgres }
        self.source = source
        self.target = target
    }

    /// Tables whose rows are the schema's own bookkeeping, never copied.
    static let notCopied: Set<String> = ["schema_migrations"]
    /// Tables the migrations themselves fill (counters), whose rows the source's replace.
    static let replaced: Set<String> = ["library_stats"]
    /// Statements that fill a target column the source does not have, run after the table is copied.
    static let derived: [String: String] = [
        "photo_search": "UPDATE photo_search s SET created_at = p.created_at FROM photos p WHERE p.id = s.photo_id"
    ]

    /// Copies every row; `progress(done, total)` follows the rows. Returns each table with its row count, in the
    /// order they were copied.
    public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> [CopiedTable] {
        let tables = try await targetTables()
        let pageSize = pageSize
        let copied = try await source.read { sourceDB in
            // A deferred transaction: the snapshot starts at the first read and lasts until the COMMIT.
            try await sourceDB.raw("BEGIN").run()
            do {
                let plan = try await Self.plan(tables, source: sourceDB)
                let counts = try await target.transaction { targetDB in
                    try await Self.checkEmpty(tables, target: targetDB)
                    let total = plan.reduce(0) { $0 + $1.rows }
                    var done = 0
                    progress(0, total)
                    var counts: [CopiedTable] = []
                    for table in plan {
                        if Self.replaced.contains(table.name) {
                            try await targetDB.raw("DELETE FROM \(ident: table.name)").run()
                        }
                        try await Self.copy(table, from: sourceDB, to: targetDB, pageSize: pageSize) { rows in
                            done += rows
                            progress(done, total)
                        }
                        if let statement = Self.derived[table.name] {
                            try await targetDB.raw("\(unsafeRaw: statement)").run()
                        }
                        let landed = try await Self.count(table.name, in: targetDB)
                        guard landed == table.rows else {
                            throw DatabaseCopyError.countMismatch(table: table.name, source: table.rows, target: landed)
                        }
                        counts.append(CopiedTable(name: table.name, rows: landed))
                    }
                    try await Self.continueSequences(tables, after: try await Self.lastNumbers(sourceDB), in: targetDB)
                    return counts
                }
                try await sourceDB.raw("COMMIT").run()
                return counts
            } catch {
                try? await sourceDB.raw("ROLLBACK").run()
                throw error
            }
        }
        // Fresh statistics, so the planner uses the indexes from the first request.
        try await target.read { db in try await db.raw("ANALYZE").run() }
        return copied
    }

    // MARK: - The target's schema

    /// A table of the target: its copied columns with their declared types, and its columns numbered by a
    /// sequence.
    struct TargetTable: Sendable {
        let name: String
        var columns: [(name: String, type: String)] = []
        var sequenced: [String] = []
    }

    /// A table ready to copy: the columns both databases have, and how many rows the source holds.
    struct PlannedTable: Sendable {
        let name: String
        let columns: [(name: String, type: String)]
        let rows: Int
    }

    /// Every table of the target's schema, parents before the tables whose foreign keys point at them.
    func targetTables() async throws -> [TargetTable] {
        try await target.read { db in
            var tables: [String: TargetTable] = [:]
            for row in try await db.raw(
                """
                SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, \
                c.data_type::text AS data_type, c.is_generated::text AS is_generated, \
                c.column_default::text AS column_default \
                FROM information_schema.columns c JOIN information_schema.tables t \
                ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
                WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' \
                ORDER BY c.table_name, c.ordinal_position
                """
            ).all() {
                let name = try row.decode(column: "table_name", as: String.self)
                guard !Self.notCopied.contains(name) else { continue }
                let column = try row.decode(column: "column_name", as: String.self)
                var table = tables[name] ?? TargetTable(name: name)
                // A generated column (the full-text document) is computed by the target from the others. Catalog
                // columns are cast to text above: information_schema's own types are domains.
                if try row.decode(column: "is_generated", as: String.self) != "ALWAYS" {
                    table.columns.append((column, try row.decode(column: "data_type", as: String.self)))
                }
                if try row.decode(column: "column_default", as: String?.self)?.hasPrefix("nextval(") == true {
                    table.sequenced.append(column)
                }
                tables[name] = table
            }
            var parents: [String: Set<String>] = [:]
            for row in try await db.raw(
                """
                SELECT child.relname::text AS child, parent.relname::text AS parent FROM pg_constraint k \
                JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid \
                JOIN pg_namespace n ON n.oid = child.relnamespace \
                WHERE k.contype = 'f' AND n.nspname = current_schema()
                """
            ).all() {
                let child = try row.decode(column: "child", as: String.self)
                let parent = try row.decode(column: "parent", as: String.self)
                if child != parent { parents[child, default: []].insert(parent) }
            }
            return try Self.parentsFirst(tables.keys.sorted(), parents: parents).map { tables[$0]! }
        }
    }

    /// `names` ordered so that every table comes after the tables it references, in their given order where free.
    static func parentsFirst(_ names: [String], parents: [String: Set<String>]) throws -> [String] {
        var ordered: [String] = []
        var placed: Set<String> = []
        var remaining = names
        while !remaining.isEmpty {
            let ready = remaining.filter { parents[$0, default: []].subtracting(placed).isEmpty }
            guard !ready.isEmpty else { throw DatabaseCopyError.cyclicReferences(remaining) }
            ordered += ready
            placed.formUnion(ready)
            remaining.removeAll { placed.contains($0) }
        }
        return ordered
    }

    // MARK: - Checks

    /// The source's columns of each target table, and its row counts.
    static func plan(_ tables: [TargetTable], source: any SQLDatabase) async throws -> [PlannedTable] {
        var plan: [PlannedTable] = []
        for table in tables {
            let names = try await source.raw("SELECT name FROM pragma_table_info(\(bind: table.name))").all()
                .map { try $0.decode(column: "name", as: String.self) }
            guard !names.isEmpty else { throw DatabaseCopyError.tableMissing(table.name) }
            let shared = table.columns.filter { names.contains($0.name) }
            plan.append(PlannedTable(name: table.name, columns: shared, rows: try await count(table.name, in: source)))
        }
        return plan
    }

    /// Throws unless the target holds nothing but what its migrations put there.
    static func checkEmpty(_ tables: [TargetTable], target: any SQLDatabase) async throws {
        var filled: [String] = []
        for table in tables where !replaced.contains(table.name) {
            if try await target.raw("SELECT 1 AS found FROM \(ident: table.name) LIMIT 1").first() != nil {
                filled.append(table.name)
            }
        }
        guard filled.isEmpty else { throw DatabaseCopyError.targetNotEmpty(filled) }
    }

    static func count(_ table: String, in db: any SQLDatabase) async throws -> Int {
        try await db.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    // MARK: - Rows

    /// Copies one table in pages of the source's rowid order, one multi-row INSERT per page (under PostgreSQL's
    /// 65,535 parameters a statement).
    static func copy(
        _ table: PlannedTable, from source: any SQLDatabase, to target: any SQLDatabase, pageSize: Int,
        copied: (Int) -> Void
    ) async throws {
        guard !table.columns.isEmpty, table.rows > 0 else { return }
        let perStatement = max(1, min(pageSize, 60_000 / table.columns.count))
        let names = table.columns.map(\.name)
        var after: Int64 = .min
        while true {
            let rows = try await source.raw(
                """
                SELECT rowid AS copy_rowid, \(idents: names, joinedBy: ", ") FROM \(ident: table.name) \
                WHERE rowid > \(bind: after) ORDER BY rowid LIMIT \(literal: perStatement)
                """
            ).all()
            guard let last = rows.last else { return }
            after = try last.decode(column: "copy_rowid", as: Int64.self)
            var tuples: [SQLQueryString] = []
            for row in rows {
                var values: [SQLQueryString] = []
                for column in table.columns {
                    values.append("\(bind: try value(of: column, in: row, table: table.name))")
                }
                tuples.append("(\(values.joined(separator: ", ")))")
            }
            let values = tuples.joined(separator: ", ")
            try await target.raw(
                "INSERT INTO \(ident: table.name) (\(idents: names, joinedBy: ", ")) VALUES \(values)"
            ).run()
            copied(rows.count)
        }
    }

    /// A source value as the type the target declares for its column (SQLite keeps booleans as integers).
    static func value(
        of column: (name: String, type: String), in row: any SQLRow, table: String
    ) throws -> any Encodable & Sendable {
        switch column.type {
        case "text", "character varying": try row.decode(column: column.name, as: String?.self)
        case "bigint", "integer", "smallint": try row.decode(column: column.name, as: Int64?.self)
        case "double precision", "real": try row.decode(column: column.name, as: Double?.self)
        case "boolean": try row.decode(column: column.name, as: Bool?.self)
        default: throw DatabaseCopyError.unsupportedType(table: table, column: column.name, type: column.type)
        }
    }

    // MARK: - Sequences

    /// The last number the source gave in each table: SQLite's `id_sequences` (the dialects' numbers) and
    /// `sqlite_sequence` (AUTOINCREMENT keys), by table name. Both outlive deleted rows.
    static func lastNumbers(_ source: any SQLDatabase) async throws -> [String: Int64] {
        var last: [String: Int64] = [:]
        for (table, nameColumn, valueColumn) in [("id_sequences", "name", "last"), ("sqlite_sequence", "name", "seq")] {
            let exists =
                try await source.raw(
                    "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = \(bind: table)"
                ).first() != nil
            guard exists else { continue }
            for row in try await source.raw(
                "SELECT \(ident: nameColumn) AS name, \(ident: valueColumn) AS value FROM \(ident: table)"
            ).all() {
                let name = try row.decode(column: "name", as: String.self)
                last[name] = max(last[name] ?? 0, try row.decode(column: "value", as: Int64.self))
            }
        }
        return last
    }

    /// Sets each of the target's sequences to continue after both the highest value copied and the last the
    /// source ever gave in that table.
    static func continueSequences(
        _ tables: [TargetTable], after sourceLast: [String: Int64], in target: any SQLDatabase
    ) async throws {
        for table in tables {
            for column in table.sequenced {
                let copied =
                    try await target.raw(
                        "SELECT COALESCE(MAX(\(ident: column)), 0) AS n FROM \(ident: table.name)"
                    ).first()?.decode(column: "n", as: Int64.self) ?? 0
                let last = max(copied, sourceLast[table.name] ?? 0)
                // setval(…, 1, false) leaves a sequence that has given nothing as it was.
                try await target.raw(
                    """
                    SELECT setval(pg_get_serial_sequence(\(bind: table.name), \(bind: column)), \
                    \(bind: max(last, 1)), \(bind: last > 0))
                    """
                ).run()
            }
        }
    }
}
