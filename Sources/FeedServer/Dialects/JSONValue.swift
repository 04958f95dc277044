import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// A JSON value whose object members keep their order: what the JSONPlaceholder dialect answers, and what its
/// json-server queries filter and sort.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// A member of an object; nil for other values and missing keys.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value at a dotted path (`address.city`), as json-server reads deep fields.
    func value(at path: String) -> JSONValue? {
        path.split(separator: ".").reduce(Optional(self)) { value, key in value?[String(key)] }
    }

    /// The object with `key` set to `value` (replaced in place, or added at the end).
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The value as JavaScript's `String(value)` writes it, which json-server compares filters against.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let value): value
        case .array(let values): values.map(\.text).joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// Every scalar inside, as text (json-server's `q` matches any of them).
    var scalarTexts: [String] {
        switch self {
        case .array(let values): values.flatMap(\.scalarTexts)
        case .object(let members): members.flatMap(\.value.scalarTexts)
        default: [text]
        }
    }

    /// The JSON text, UTF-8.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return bytes
    }

    /// JSON text `json` as it is, or with a `callback` the JSONP call `callback(…)` around it.
    static func wrap(_ json: [UInt8], callback: String?) -> [UInt8] {
        guard let callback else { return json }
        return Array((callback + "(").utf8) + json + Array(")".utf8)
    }

    /// This value as a JSON answer, typed as json-server (Express) types its answers, with `headers` added.
    func response(status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Whether a client's JSONP function name can be written as it is: a short JavaScript name, nothing that could
    /// close the call and start another statement.
    static func isCallbackName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == ".") }
    }

    func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): bytes.append(contentsOf: String(value).utf8)
        case .double(let value): bytes.append(contentsOf: (value.isFinite ? String(value) : "0").utf8)
        case .string(let value): bytes.append(contentsOf: JSONWriter.quoted(value))
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: JSONWriter.quoted(member.key))
                bytes.append(UInt8(ascii: ":"))
                member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: Decodable {
    /// Decodes any JSON (request bodies); object members come in key order, since the decoder does not keep theirs.
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(Int.self) {
                self = .int(value)
                return
            }
            if let value = try? container.decode(Double.self) {
                self = .double(value)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
            if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
                return
            }
        }
        let container = try decoder.container(keyedBy: AnyKey.self)
        self = .object(
            try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try container.decode(JSONValue.self, forKey: $0))
            })
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
