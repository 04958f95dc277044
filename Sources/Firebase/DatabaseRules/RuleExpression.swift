/// A parsed Realtime Database rule expression: the JavaScript subset of `.read`, `.write` and `.validate` strings
/// (https://firebase.google.com/docs/reference/security/database), with the column of every part for errors.
public struct RuleExpression: Sendable {
    /// The source text.
    public let source: String
    let root: RuleSyntax

    /// The longest expression accepted, in characters (Firebase's whole rules file is limited to 256 KB).
    public static let maximumLength = 16 * 1024
    /// The deepest nesting of sub-expressions accepted.
    public static let maximumNesting = 100
}

/// One node of a rule expression's syntax tree.
struct RuleSyntax: Sendable {
    indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case regex(RulesRegex)
        case array([RuleSyntax])
        case variable(String)
        case member(RuleSyntax, String)
        case index(RuleSyntax, RuleSyntax)
        case call(RuleSyntax, String, [RuleSyntax])
        case not(RuleSyntax)
        case negate(RuleSyntax)
        case binary(RuleBinaryOperator, RuleSyntax, RuleSyntax)
        case conditional(RuleSyntax, RuleSyntax, RuleSyntax)
    }

    var kind: Kind
    /// 1-based column in the expression text.
    var column: Int
}

enum RuleBinaryOperator: String, Sendable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
}

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
