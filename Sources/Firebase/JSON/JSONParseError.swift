/// Why a JSON text was refused, with the 1-based line and column of the offending character.
///
/// Mirrors no SDK file: Firebase answers any such body with "Invalid data; couldn't parse JSON object, array, or
/// value." (``DatabaseError``); the place is for rules files and logs.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, for people.
    public var reason: String
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the offending character.
    public var column: Int

    /// Makes an error at a place.
    public init(reason: String, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// `reason at line:column`.
    public var description: String { "\(reason) at \(line):\(column)" }
}
