import Foundation
import Locking
import Logging
import NIOCore
import SQLKit

/// One statement the store ran: its SQL as the database received it, the values bound to it, and how long the
/// database took to answer it (rows included).
public struct StatementRecord: Sendable {
    public let sql: String
    public let binds: [String]
    public let duration: Duration
    /// How many rows it answered.
    public let rows: Int
    /// The values as bound, for running the statement again (its plan).
    let bound: [any Encodable & Sendable]
}
