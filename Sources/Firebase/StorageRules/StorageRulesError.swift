/// Why a Storage rules file was refused: the line and column (both 1-based) and the reason, as
/// `line:column: reason`.
///
/// Mirrors the `line:column` compile errors the Firebase console and CLI show for a Storage rules file.
public struct StorageRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column (in Unicode scalars).
    public var column: Int
    /// What is wrong.
    public var reason: String

    /// Makes an error.
    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line:column: reason`.
    public var description: String { "\(line):\(column): \(reason)" }
}
