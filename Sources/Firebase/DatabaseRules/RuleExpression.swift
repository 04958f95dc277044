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
