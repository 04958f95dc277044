import Foundation

/// Writes JSON text the way Firebase's servers and SDKs print it: numbers as JavaScript prints them
/// (`Number.prototype.toString`: `1`, not `1.0`; `1e+21`; `1e-7`), strings escaped as `JSON.stringify` escapes
/// them (only `"`, `\` and control characters; everything else raw UTF-8), and, when pretty, two-space indents
/// with `" : "` between a key and its value, as the REST API's `print=pretty` answers.
struct JSONTextWriter {
    var bytes: [UInt8] = []
    let pretty: Bool
    private var depth = 0

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func writeNumber(_ value: Double) {
        write(JavaScriptNumber.format(value))
    }

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
    }

    mutating func endObject(empty: Bool) {
        depth -= 1
        if pretty, !empty { newline() }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        depth += 1
    }

    mutating func endArray(empty: Bool) {
        depth -= 1
        if pretty, !empty { newline() }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Before the `index`th member or element of the open container.
    mutating func separator(_ index: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline() }
    }

    mutating func key(_ key: String) {
        writeString(key)
        if pretty {
            write(" : ")
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func newline() {
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }
}

extension JSONValue {
    /// The JSON text of this value, keys in Firebase's key order (``FirebaseKeyOrder``) so output is stable.
    public func serialized(pretty: Bool = false) -> [UInt8] {
        var writer = JSONTextWriter(pretty: pretty)
        write(to: &writer)
        return writer.bytes
    }

    /// The JSON text as a string.
    public func serializedString(pretty: Bool = false) -> String {
        String(decoding: serialized(pretty: pretty), as: UTF8.self)
    }

    func write(to writer: inout JSONTextWriter) {
        switch self {
        case .null: writer.write("null")
        case .bool(let value): writer.write(value ? "true" : "false")
        case .number(let value): writer.writeNumber(value)
        case .string(let value): writer.writeString(value)
        case .array(let items):
            writer.beginArray()
            for (index, item) in items.enumerated() {
                writer.separator(index)
                item.write(to: &writer)
            }
            writer.endArray(empty: items.isEmpty)
        case .object(let members):
            writer.beginObject()
            for (index, key) in members.keys.sorted(by: FirebaseKeyOrder.areInIncreasingOrder).enumerated() {
                writer.separator(index)
                writer.key(key)
                members[key]!.write(to: &writer)
            }
            writer.endObject(empty: members.isEmpty)
        }
    }
}
