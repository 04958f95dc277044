import Foundation

/// Appends JSON tokens to a byte array: objects with keys in the order they are written, strings escaped as
/// `JSONEncoder` escapes them (`"`, `\`, control characters; slashes and non-ASCII left as they are), dates as
/// ISO 8601 without fractional seconds.
public struct JSONWriter {
    /// The JSON written so far, UTF-8.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `value` as a complete document and returns its bytes.
    public static func encode(_ value: some JSONWritable, capacity: Int = 4096) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        value.writeJSON(to: &writer)
        return writer.bytes
    }

    // MARK: Structure

    /// Writes an object whose members `body` writes with the `key(_:…)` methods.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes an array of values.
    public mutating func array<Element: JSONWritable>(_ elements: [Element]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element.writeJSON(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    private mutating func member(_ key: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = true
    }

    // MARK: Members

    public mutating func key(_ key: StaticString, _ value: String?) {
        member(key)
        if let value { string(value) } else { null() }
    }

    public mutating func key(_ key: StaticString, _ value: Int?) {
        member(key)
        if let value { bytes.append(contentsOf: String(value).utf8) } else { null() }
    }

    public mutating func key(_ key: StaticString, _ value: Bool) {
        member(key)
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    public mutating func key(_ key: StaticString, _ value: Double) {
        member(key)
        var text = value.isFinite ? String(value) : "0"
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func key(_ key: StaticString, _ value: Date?) {
        member(key)
        if let value { date(value) } else { null() }
    }

    public mutating func key(_ key: StaticString, _ value: (some JSONWritable)?) {
        member(key)
        if let value { value.writeJSON(to: &self) } else { null() }
        needsComma = true
    }

    public mutating func key<Element: JSONWritable>(_ key: StaticString, _ elements: [Element]) {
        member(key)
        array(elements)
    }

    public mutating func key(_ key: StaticString, strings: [String]) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    // MARK: Scalars

    private mutating func null() {
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> [UInt8] {
        var writer = JSONWriter(capacity: value.utf8.count + 2)
        writer.string(value)
        return writer.bytes
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, whole seconds.
    mutating func date(_ value: Date) {
        let seconds = Int64(value.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.from(daysSince1970: days)
        bytes.append(UInt8(ascii: "\""))
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    private mutating func digits(_ value: Int64, _ width: Int) {
        let text = String(value)
        if text.utf8.count < width {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - text.utf8.count))
        }
        bytes.append(contentsOf: text.utf8)
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.array(self)
    }
}
