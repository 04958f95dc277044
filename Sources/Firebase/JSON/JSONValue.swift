import Foundation

/// A JSON document as Firebase reads it: numbers are IEEE doubles (what the SDKs' JavaScript and the wire carry),
/// objects are unordered maps whose duplicate keys keep the last value, as `JSON.parse` does.
///
/// Mirrors nothing in one SDK file: it is the common currency of the REST bodies, the WebSocket frames
/// (`PersistentConnection.ts` sends and receives plain JSON) and the rules documents. Parse with
/// ``JSONValue/parse(_:options:)``, print with ``JSONValue/serialized(pretty:)``.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object; nil for other values and absent members.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

/// Why a JSON text was refused, with the 1-based line and column of the offending character.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, for people.
    public var reason: String
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the offending character.
    public var column: Int

    /// Makes an error at a place.
    public init(reason: String, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    public var description: String { "\(reason) at \(line):\(column)" }
}

/// How strict ``JSONValue/parse(_:options:)`` is.
public struct JSONParseOptions: Sendable {
    /// Accept `//` line and `/* */` block comments between tokens, as the Firebase console and CLI accept in a
    /// rules file (`database.rules.json` may carry comments; the server strips them before parsing).
    public var allowsComments: Bool
    /// The deepest nesting of arrays and objects accepted; deeper documents are refused before recursion
    /// gets there, so a hostile body cannot exhaust the stack.
    public var maximumNesting: Int

    /// Strict JSON, nesting up to `maximumNesting`.
    public init(allowsComments: Bool = false, maximumNesting: Int = 512) {
        self.allowsComments = allowsComments
        self.maximumNesting = maximumNesting
    }
}
