/// Splits a rules file into tokens; `//` and `/* */` comments are skipped.
struct StorageRulesLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    static let symbols = [
        "==", "!=", "<=", ">=", "&&", "||", "{", "}", "(", ")", "[", "]", ";", ",", ".", ":", "=",
        "<", ">", "!", "+", "-", "*", "/", "%", "?",
    ]

    static func tokens(_ text: String) throws(StorageRulesError) -> [StorageToken] {
        var lexer = StorageRulesLexer(scalars: Array(text.unicodeScalars))
        return try lexer.run()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private func fail(_ reason: String, _ atLine: Int? = nil, _ atColumn: Int? = nil) -> StorageRulesError {
        StorageRulesError(line: atLine ?? line, column: atColumn ?? column, reason: reason)
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func run() throws(StorageRulesError) -> [StorageToken] {
        var tokens: [StorageToken] = []
        while true {
            try skipTrivia()
            guard let scalar = peek() else {
                tokens.append(StorageToken(kind: .end, line: line, column: column))
                return tokens
            }
            let startLine = line
            let startColumn = column
            func made(_ kind: StorageToken.Kind) {
                tokens.append(StorageToken(kind: kind, line: startLine, column: startColumn))
            }
            if scalar == "/", case .identifier("match")? = tokens.last?.kind {
                made(.path(try readPath()))
            } else if RulesRegex.isDigit(scalar) {
                made(try readNumber())
            } else if scalar == "'" || scalar == "\"" {
                made(.string(try readString(quote: scalar)))
            } else if scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) {
                var name = String.UnicodeScalarView()
                while let current = peek(), RulesRegex.isWord(current) {
                    name.append(current)
                    advance()
                }
                made(.identifier(String(name)))
            } else {
                let rest = String(String.UnicodeScalarView(scalars[index..<min(index + 2, scalars.count)]))
                guard let symbol = Self.symbols.first(where: { rest.hasPrefix($0) }) else {
                    throw fail("Unexpected character '\(scalar)'")
                }
                for _ in symbol.unicodeScalars { advance() }
                made(.symbol(symbol))
            }
        }
    }

    private mutating func skipTrivia() throws(StorageRulesError) {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while let current = peek(), current != "\n" { advance() }
            } else if scalar == "/", peek(1) == "*" {
                let startLine = line
                let startColumn = column
                advance()
                advance()
                while true {
                    guard let current = peek() else { throw fail("Unterminated comment", startLine, startColumn) }
                    if current == "*", peek(1) == "/" {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    private mutating func readPath() throws(StorageRulesError) -> String {
        var path = String.UnicodeScalarView()
        while let scalar = peek(), scalar == "/" {
            path.append(scalar)
            advance()
            if peek() == "{" {
                while let current = peek(), current != "}" {
                    if current == "\n" || current == "/" { throw fail("Unterminated '{' in match path") }
                    path.append(current)
                    advance()
                }
                guard peek() == "}" else { throw fail("Unterminated '{' in match path") }
                path.append("}")
                advance()
            } else {
                while let current = peek(), current != "/", current != "{", current != " ", current != "\t",
                    current != "\n", current != "\r"
                {
                    path.append(current)
                    advance()
                }
            }
        }
        return String(path)
    }

    private mutating func readNumber() throws(StorageRulesError) -> StorageToken.Kind {
        var text = String.UnicodeScalarView()
        var isFloat = false
        while let scalar = peek(),
            RulesRegex.isDigit(scalar) || (scalar == "." && !isFloat && peek(1).map(RulesRegex.isDigit) == true)
        {
            if scalar == "." { isFloat = true }
            text.append(scalar)
            advance()
        }
        let literal = String(text)
        if isFloat {
            guard let value = Double(literal) else { throw fail("Invalid number '\(literal)'") }
            return .float(value)
        }
        guard let value = Int64(literal) else { throw fail("Integer '\(literal)' out of range") }
        return .integer(value)
    }

    private mutating func readString(quote: Unicode.Scalar) throws(StorageRulesError) -> String {
        let startLine = line
        let startColumn = column
        advance()
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n" else {
                throw fail("Unterminated string", startLine, startColumn)
            }
            advance()
            if scalar == quote { return String(value) }
            if scalar == "\\" {
                guard let escaped = peek() else { throw fail("Unterminated string", startLine, startColumn) }
                advance()
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "\\", "'", "\"": value.append(escaped)
                default:
                    // Kept whole, so a pattern written '\d' in a lenient file still means a digit class.
                    value.append("\\")
                    value.append(escaped)
                }
                continue
            }
            value.append(scalar)
        }
    }
}
