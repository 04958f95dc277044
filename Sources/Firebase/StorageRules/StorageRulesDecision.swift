/// The answer to a request, with the rule that decided it for the logs.
///
/// Mirrors the allow/deny the Storage emulator's rules runtime answers (firebase-tools
/// `src/emulator/storage/rules/runtime.ts`); the rule and reason are for logs.
public struct StorageRulesDecision: Sendable, Hashable, CustomStringConvertible {
    /// Whether the request may go ahead.
    public var allowed: Bool
    /// The `allow` that granted it, `7:7 allow read, write`; nil when denied.
    public var rule: String?
    /// Why, for people reading logs.
    public var reason: String

    /// `allowed: …` or `denied: …`.
    public var description: String { (allowed ? "allowed" : "denied") + ": " + reason }
}
