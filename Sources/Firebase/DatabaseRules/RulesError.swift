/// A rule that does not compile: where (line of the rules file, the rule's path, the column in its expression) and
/// why, as Firebase's rules compiler reports it (`Line 5: Unknown variable 'foo'.`).
public struct RulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the rules document (0 when not known).
    public var line: Int
    /// The rule's place, `/rules/users/$uid/.read`.
    public var rulePath: String
    /// 1-based column inside the expression (0 for errors about the document itself).
    public var column: Int
    /// What is wrong.
    public var reason: String

    /// Makes an error.
    public init(line: Int, rulePath: String, column: Int, reason: String) {
        self.line = line
        self.rulePath = rulePath
        self.column = column
        self.reason = reason
    }

    /// `Line 5 (/rules/users/$uid/.read, column 12): Unknown variable 'foo'.`
    public var description: String {
        var place = line > 0 ? "Line \(line)" : "Rules"
        var details: [String] = []
        if !rulePath.isEmpty { details.append(rulePath) }
        if column > 0 { details.append("column \(column)") }
        if !details.isEmpty { place += " (" + details.joined(separator: ", ") + ")" }
        return place + ": " + reason
    }
}
