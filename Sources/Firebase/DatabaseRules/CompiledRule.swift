/// A `.read`, `.write` or `.validate` rule and where it was written.
struct CompiledRule: Sendable {
    enum Body: Sendable {
        case constant(Bool)
        case expression(RuleExpression)
    }

    let body: Body
    /// `/rules/users/$uid/.write`.
    let place: String
    let line: Int
}
