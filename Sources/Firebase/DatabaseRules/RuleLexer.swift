/// Splits a rule expression into tokens. A `/` starts a regular expression literal where an operand is expected
/// (at the start, after an operator or an opening bracket) and is division elsewhere, as in JavaScript.
struct RuleLexer {
    static func tokens(_ text: String) throws(RulesError) -> [RuleToken] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [RuleToken] = []
        var index = 0
        func fail(_ reason: String, _ at: Int) -> RulesError {
            RulesError(line: 0, rulePath: "", column: at + 1, reason: reason)
        }
        func operandExpected() -> Bool {
            guard let last = tokens.last else { return true }
            switch last.kind {
            case .number, .string, .identifier, .regex: return false
            case .symbol(let symbol): return ![")", "]"].contains(symbol)
            case .end: return true
            }
        }
        let symbols = [
            "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", ",", ".", "?", ":", "!",
            "<", ">", "+", "-", "*", "/", "%",
        ]
        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                index += 1
                continue
            }
            if RulesRegex.isDigit(scalar)
                || (scalar == "." && index + 1 < scalars.count
                    && RulesRegex.isDigit(scalars[index + 1]))
            {
                var end = index
                while end < scalars.count, RulesRegex.isDigit(scalars[end]) || scalars[end] == "." { end += 1 }
                if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
                    end += 1
                    if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
                    while end < scalars.count, RulesRegex.isDigit(scalars[end]) { end += 1 }
                }
                let literal = String(String.UnicodeScalarView(scalars[index..<end]))
                guard let value = Double(literal), value.isFinite else {
                    throw fail("Invalid number '\(literal)'", start)
                }
                tokens.append(RuleToken(kind: .number(value), column: start + 1))
                index = end
                continue
            }
            if scalar == "'" || scalar == "\"" {
                var value = String.UnicodeScalarView()
                index += 1
                var closed = false
                while index < scalars.count {
                    let current = scalars[index]
                    if current == scalar {
                        closed = true
                        index += 1
                        break
                    }
                    if current == "\\" {
                        index += 1
                        guard index < scalars.count else { break }
                        let escaped = scalars[index]
                        switch escaped {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        case "r": value.append("\r")
                        case "u":
                            guard index + 4 < scalars.count,
                                let code = UInt32(
                                    String(String.UnicodeScalarView(scalars[(index + 1)...(index + 4)])),
                                    radix: 16),
                                let decoded = Unicode.Scalar(code)
                            else { throw fail("Invalid \\u escape in string", index) }
                            value.append(decoded)
                            index += 4
                        default: value.append(escaped)
                        }
                        index += 1
                        continue
                    }
                    value.append(current)
                    index += 1
                }
                guard closed else { throw fail("Unterminated string", start) }
                tokens.append(RuleToken(kind: .string(String(value)), column: start + 1))
                continue
            }
            if scalar == "$" || scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) {
                var end = index + 1
                while end < scalars.count, RulesRegex.isWord(scalars[end]) || scalars[end] == "$" { end += 1 }
                tokens.append(
                    RuleToken(
                        kind: .identifier(String(String.UnicodeScalarView(scalars[index..<end]))), column: start + 1))
                index = end
                continue
            }
            if scalar == "/", operandExpected() {
                var end = index + 1
                var inSet = false
                var pattern = String.UnicodeScalarView()
                while end < scalars.count {
                    let current = scalars[end]
                    if current == "\\", end + 1 < scalars.count {
                        pattern.append(current)
                        pattern.append(scalars[end + 1])
                        end += 2
                        continue
                    }
                    if current == "[" { inSet = true }
                    if current == "]" { inSet = false }
                    if current == "/", !inSet { break }
                    pattern.append(current)
                    end += 1
                }
                guard end < scalars.count else { throw fail("Unterminated regular expression", start) }
                end += 1
                var flags = String.UnicodeScalarView()
                while end < scalars.count, RulesRegex.isWord(scalars[end]) {
                    flags.append(scalars[end])
                    end += 1
                }
                tokens.append(
                    RuleToken(
                        kind: .regex(pattern: String(pattern), flags: String(flags)), column: start + 1))
                index = end
                continue
            }
            let rest = String(String.UnicodeScalarView(scalars[index..<min(index + 3, scalars.count)]))
            guard let symbol = symbols.first(where: { rest.hasPrefix($0) }) else {
                throw fail("Unexpected character '\(scalar)'", start)
            }
            tokens.append(RuleToken(kind: .symbol(symbol), column: start + 1))
            index += symbol.unicodeScalars.count
        }
        tokens.append(RuleToken(kind: .end, column: scalars.count + 1))
        return tokens
    }
}
