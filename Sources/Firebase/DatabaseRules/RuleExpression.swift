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
