/// The answer of the rules to a read or a write, with the rule that decided it for the logs.
///
/// Mirrors the allow/deny (`permission_denied`) Firebase gives a read or write; the rule and reason are ours, for
/// logs (Firebase's own rules simulator shows the same).
public struct RulesDecision: Sendable, Hashable, CustomStringConvertible {
    /// Whether the operation may go ahead.
    public var allowed: Bool
    /// The rule that allowed it, or the one that failed (`/rules/users/$uid/.validate`); nil when no rule applied.
    public var rule: String?
    /// Why, for people reading logs.
    public var reason: String

    /// `allowed: …` or `denied: …`.
    public var description: String { (allowed ? "allowed" : "denied") + ": " + reason }
}
