/// A Realtime Database rules document, compiled: `{"rules": {...}}` with nested keys, `$wildcards`, `.read`,
/// `.write` and `.validate` (expressions or booleans) and `.indexOn`, checked as Firebase's rules compiler checks
/// it, and evaluated as Firebase evaluates it.
///
/// Mirrors https://firebase.google.com/docs/reference/security/database and
/// https://firebase.google.com/docs/database/security/core-syntax: `.read` and `.write` cascade (a grant at or
/// above a location cannot be taken back below it; a read of a location is denied unless a `.read` at or above
/// it allows it, whatever its children allow); `.validate` does not cascade and must hold at every node the write
/// changes whose new value is not null; an expression that errors is false.
public struct DatabaseRules: Sendable {
    /// The text the rules were read from.
    public let source: String
    let root: RulesNode

    /// What `serve` uses without a rules file: a signed-in person reads and writes `users/<their uid>` and
    /// nothing else.
    public static let defaultSource = """
        {
          "rules": {
            "users": {
              "$uid": {
                ".read": "auth != null && auth.uid === $uid",
                ".write": "auth != null && auth.uid === $uid"
              }
            }
          }
        }
        """

    /// The compiled ``defaultSource``.
    public static let `default`: DatabaseRules = {
        do {
            return try DatabaseRules(source: defaultSource)
        } catch {
            preconditionFailure("The default rules must compile: \(error)")
        }
    }()

    /// Compiles a rules document (JSON, with `//` and `/* */` comments allowed as the Firebase CLI allows them).
    public init(source: String) throws(RulesError) {
        try self.init(bytes: Array(source.utf8))
    }

    /// The largest rules document accepted (Firebase's limit for a rules file).
    public static let maximumSourceBytes = 256 * 1024

    /// Compiles a rules document given as UTF-8 bytes.
    public init(bytes: [UInt8]) throws(RulesError) {
        guard bytes.count <= Self.maximumSourceBytes else {
            throw RulesError(
                line: 0, rulePath: "", column: 0,
                reason: "The rules are \(bytes.count) bytes; at most \(Self.maximumSourceBytes) are accepted.")
        }
        let json: PositionedJSON
        do {
            json = try JSONParser.parse(bytes, options: JSONParseOptions(allowsComments: true, maximumNesting: 100))
        } catch {
            throw RulesError(
                line: error.line, rulePath: "", column: error.column, reason: "Parse error: \(error.reason)")
        }
        source = String(decoding: bytes, as: UTF8.self)
        root = try RulesDocumentReader().readDocument(json)
    }
}

/// One level of the rules tree.
final class RulesNode: Sendable {
    let read: CompiledRule?
    let write: CompiledRule?
    let validate: CompiledRule?
    let indexOn: [String]
    let children: [String: RulesNode]
    let wildcard: (name: String, node: RulesNode)?

    init(
        read: CompiledRule?, write: CompiledRule?, validate: CompiledRule?, indexOn: [String],
        children: [String: RulesNode], wildcard: (name: String, node: RulesNode)?
    ) {
        self.read = read
        self.write = write
        self.validate = validate
        self.indexOn = indexOn
        self.children = children
        self.wildcard = wildcard
    }

    /// The rules for `key` below this level, and the wildcard it binds, if any: a literal key wins over a wildcard.
    func child(_ key: String) -> (node: RulesNode, binding: (String, String)?)? {
        if let literal = children[key] { return (literal, nil) }
        if let wildcard { return (wildcard.node, (wildcard.name, key)) }
        return nil
    }
}

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
