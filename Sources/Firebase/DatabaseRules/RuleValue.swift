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
