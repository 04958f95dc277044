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
