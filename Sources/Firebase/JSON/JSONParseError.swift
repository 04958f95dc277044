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

/// How strict ``JSONValue/parse(_:options:)`` is.
///
/// Mirrors what Firebase accepts: strict JSON for data, comments in rules files (the Firebase CLI strips them).
public struct JSONParseOptions: Sendable {
    /// Accept `//` line and `/* */` block comments between tokens, as the Firebase console and CLI accept in a
    /// rules file (`database.rules.json` may carry comments; the server strips them before parsing).
    public var allowsComments: Bool
    /// The deepest nesting of arrays and objects accepted; deeper documents are refused before recursion
    /// gets there, so a hostile body cannot exhaust the stack.
    public var maximumNesting: Int

    /// Strict JSON, nesting up to `maximumNesting`.
    public init(allowsComments: Bool = false, maximumNesting: Int = 512) {
        self.allowsComments = allowsComments
        self.maximumNesting = maximumNesting
    }
}
