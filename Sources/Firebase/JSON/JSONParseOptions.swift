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
