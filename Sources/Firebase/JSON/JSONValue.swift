import Foundation

/// A JSON document as Firebase reads it: numbers are IEEE doubles (what the SDKs' JavaScript and the wire carry),
/// objects are unordered maps whose duplicate keys keep the last value, as `JSON.parse` does.
///
/// Mirrors nothing in one SDK file: it is the common currency of the REST bodies, the WebSocket frames
/// (`PersistentConnection.ts` sends and receives plain JSON) and the rules documents. Parse with
/// ``JSONValue/parse(_:options:)``, print with ``JSONValue/serialized(pretty:)``.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (duplicate keys: the last wins).
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
