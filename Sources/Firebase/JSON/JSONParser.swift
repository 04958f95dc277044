import Foundation

/// A recursive-descent JSON reader over UTF-8 bytes with an explicit nesting limit.
struct JSONParser {
    private let bytes: [UInt8]
    private let options: JSONParseOptions
    private var index = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], options: JSONParseOptions) {
        self.bytes = bytes
        self.options = options
    }

    static func parse(_ bytes: [UInt8], options: JSONParseOptions) throws(JSONParseError) -> PositionedJSON {
        var parser = JSONParser(bytes: bytes, options: options)
        // A UTF-8 byte order mark is tolerated, as curl users sometimes send one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        try parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        try parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("Unexpected text after the JSON value") }
        return value
    }

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, line: line, column: column)
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() throws(JSONParseError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                advance()
            } else if options.allowsComments, byte == UInt8(ascii: "/"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 0x0A { advance() }
                } else if next == UInt8(ascii: "*") {
                    let startLine = line
                    let startColumn = column
                    advance()
                    advance()
                    var closed = false
                    while index < bytes.count {
                        if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "/")
                        {
                            advance()
                            advance()
                            closed = true
                            break
                        }
                        advance()
                    }
                    if !closed {
                        throw JSONParseError(reason: "Unterminated comment", line: startLine, column: startColumn)
                    }
                } else {
                    return
                }
            } else {
                return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> PositionedJSON {
        guard index < bytes.count else { throw error("Unexpected end of JSON") }
        let startLine = line
        let startColumn = column
        func made(_ kind: PositionedJSON.Kind) -> PositionedJSON {
            PositionedJSON(kind: kind, line: startLine, column: startColumn)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < options.maximumNesting else { throw error("JSON nested too deeply") }
            advance()
            var members: [PositionedJSON.Member] = []
            try skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                advance()
                return made(.object(members))
            }
            while true {
                try skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("Expected a string key")
                }
                let keyLine = line
                let keyColumn = column
                let key = try parseString()
                try skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("Expected ':'") }
                advance()
                try skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                members.append(.init(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
                try skipWhitespace()
                guard index < bytes.count else { throw error("Unexpected end of JSON") }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    advance()
                    return made(.object(members))
                }
                throw error("Expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            guard depth < options.maximumNesting else { throw error("JSON nested too deeply") }
            advance()
            var items: [PositionedJSON] = []
            try skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                advance()
                return made(.array(items))
            }
            while true {
                try skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                try skipWhitespace()
                guard index < bytes.count else { throw error("Unexpected end of JSON") }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    advance()
                    return made(.array(items))
                }
                throw error("Expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return made(.string(try parseString()))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return made(.bool(true))
        case UInt8(ascii: "f"):
            try expectWord("false")
            return made(.bool(false))
        case UInt8(ascii: "n"):
            try expectWord("null")
            return made(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return made(.number(try parseNumber()))
        default:
            throw error("Unexpected character")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw error("Unexpected character")
        }
        for _ in 0..<expected.count { advance() }
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        func digit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard index < bytes.count, digit(bytes[index]) else { throw error("Invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
        } else {
            while index < bytes.count, digit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard index < bytes.count, digit(bytes[index]) else { throw error("Invalid number") }
            while index < bytes.count, digit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                advance()
            }
            guard index < bytes.count, digit(bytes[index]) else { throw error("Invalid number") }
            while index < bytes.count, digit(bytes[index]) { advance() }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("Number out of range") }
        return value
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("Invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: throw error("Invalid \\u escape")
            }
            value = value << 4 | UInt32(nibble)
            advance()
        }
        return value
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        advance()  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        var result = ""
        func flushRun(_ end: Int) throws(JSONParseError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw error("Invalid UTF-8 in string")
            }
            result += text
        }
        while true {
            guard index < bytes.count else { throw error("Unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun(index)
                advance()
                return result
            }
            if byte < 0x20 { throw error("Control character in string") }
            if byte != UInt8(ascii: "\\") {
                advance()
                continue
            }
            try flushRun(index)
            advance()
            guard index < bytes.count else { throw error("Unterminated string") }
            let escape = bytes[index]
            advance()
            scalars.removeAll(keepingCapacity: true)
            switch escape {
            case UInt8(ascii: "\""): result.append("\"")
            case UInt8(ascii: "\\"): result.append("\\")
            case UInt8(ascii: "/"): result.append("/")
            case UInt8(ascii: "b"): result.append("\u{08}")
            case UInt8(ascii: "f"): result.append("\u{0C}")
            case UInt8(ascii: "n"): result.append("\n")
            case UInt8(ascii: "r"): result.append("\r")
            case UInt8(ascii: "t"): result.append("\t")
            case UInt8(ascii: "u"):
                let unit = try parseHex4()
                var scalar: Unicode.Scalar?
                if (0xD800...0xDBFF).contains(unit), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let save = (index, line, column)
                    advance()
                    advance()
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    } else {
                        (index, line, column) = save
                    }
                } else {
                    scalar = Unicode.Scalar(unit)
                }
                // A lone surrogate has no Swift (or UTF-8) form: it becomes U+FFFD, as WHATWG decoders do.
                result.unicodeScalars.append(scalar ?? "\u{FFFD}")
            default:
                throw error("Invalid escape in string")
            }
            runStart = index
        }
    }
}

extension JSONValue {
    /// Parses a JSON text (UTF-8), refusing what `JSON.parse` refuses plus non-finite numbers (`1e999`), and
    /// nesting deeper than `options.maximumNesting`.
    public static func parse(_ bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONParseError)
        -> JSONValue
    {
        try JSONParser.parse(bytes, options: options).plain
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String, options: JSONParseOptions = .init()) throws(JSONParseError)
        -> JSONValue
    {
        try parse(Array(text.utf8), options: options)
    }
}
