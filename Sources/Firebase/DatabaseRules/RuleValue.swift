/// Who is asking, as the rules' `auth` variable sees them: `auth.uid`, `auth.provider` and `auth.token` (the ID
/// token's claims). A request without credentials has no `RulesAuth` (`auth` is `null`).
///
/// Mirrors the `auth` variable of https://firebase.google.com/docs/reference/security/database#auth.
public struct RulesAuth: Sendable, Hashable {
    /// The user's id (`auth.uid`).
    public var uid: String
    /// How they signed in (`auth.provider`: `password`, `anonymous`, `custom`…).
    public var provider: String
    /// The ID token's claims (`auth.token`).
    public var token: [String: JSONValue]

    /// Makes an identity.
    public init(uid: String, provider: String = "password", token: [String: JSONValue] = [:]) {
        self.uid = uid
        self.provider = provider
        self.token = token
    }

    /// The identity a verified Firebase ID token carries: `uid` from `user_id` (or `sub`), `provider` from
    /// `firebase.sign_in_provider`, `token` the claims themselves. Nil when the claims name no user.
    public init?(claims: [String: JSONValue]) {
        guard let uid = claims["user_id"]?.stringValue ?? claims["sub"]?.stringValue else { return nil }
        self.uid = uid
        self.provider = claims["firebase"]?["sign_in_provider"]?.stringValue ?? "custom"
        self.token = claims
    }

    var jsonValue: JSONValue {
        .object(["uid": .string(uid), "provider": .string(provider), "token": .object(token)])
    }
}

/// A value while a rule runs.
enum RuleValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case regex(RulesRegex)
    case list([String])
    /// An object from `auth` or from `val()` of a node with children.
    case object([String: JSONValue])
    case snapshot(RuleSnapshot)

    init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items):
            self = .object(Dictionary(uniqueKeysWithValues: items.enumerated().map { (String($0.offset), $0.element) }))
        case .object(let members): self = .object(members)
        }
    }

    init(leaf: DatabaseNode.Value) {
        switch leaf {
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .null, .children: self = .null
        }
    }

    init(priority: DatabasePriority?) {
        switch priority {
        case .number(let value)?: self = .number(value)
        case .string(let value)?: self = .string(value)
        case nil: self = .null
        }
    }
}

/// A snapshot a rule holds: which data (before or after the write) and where.
struct RuleSnapshot {
    let isNew: Bool
    let path: DatabasePath
}

/// Why a rule expression evaluated to false rather than true: a type error or the evaluation budget.
struct RuleEvaluationFailure: Error {
    let reason: String
}
