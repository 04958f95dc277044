import Foundation
import SQLKit

/// Why a database copy stopped. Nothing was written to the target.
public enum DatabaseCopyError: Error, Sendable, Equatable, CustomStringConvertible {
    case sourceNotSQLite
    case targetNotPostgres
    case targetNotEmpty([String])
    case tableMissing(String)
    case unsupportedType(table: String, column: String, type: String)
    case countMismatch(table: String, source: Int, target: Int)
    case cyclicReferences([String])

    public var description: String {
        switch self {
        case .sourceNotSQLite:
            "This library's database is already PostgreSQL: point every node at it; there is nothing to copy."
        case .targetNotPostgres:
            "The copy goes into PostgreSQL: give --to a postgres:// URL."
        case .targetNotEmpty(let tables):
            "The target database already holds data (in \(tables.joined(separator: ", "))). Copy into a new, empty "
                + "database (createdb), so that nothing there is mixed with or lost under this library."
        case .tableMissing(let table):
            "The source database has no table \(table): it is not an ImageFeed library, or not migrated."
        case .unsupportedType(let table, let column, let type):
            "The column \(table).\(column) has the type \(type), which the copy does not know how to carry."
        case .countMismatch(let table, let source, let target):
            "The copy of \(table) has \(target) rows, the source \(source): nothing was kept; run it again."
        case .cyclicReferences(let tables):
            "The tables \(tables.joined(separator: ", ")) reference each other in a cycle; the copy cannot order them."
        }
    }
}
