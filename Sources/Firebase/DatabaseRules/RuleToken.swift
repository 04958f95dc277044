/// A token of a rule expression.
struct RuleToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case string(String)
        case identifier(String)
        case regex(pattern: String, flags: String)
        case symbol(String)
        case end
    }

    var kind: Kind
    var column: Int
}
