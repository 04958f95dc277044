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
