/// A recursive-descent reader of the rules' regular expression subset, with nesting and repetition bounds.
struct RegexParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0
    static let maximumNesting = 50
    static let maximumRepeat = 1000

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    func error(_ reason: String) -> RulesRegex.SyntaxError {
        RulesRegex.SyntaxError(reason: reason, offset: index)
    }

    mutating func parseWhole() throws(RulesRegex.SyntaxError)
        -> (node: RegexNode, anchoredStart: Bool, anchoredEnd: Bool)
    {
        var anchoredStart = false
        var anchoredEnd = false
        var end = scalars.count
        if scalars.first == "^" {
            anchoredStart = true
            index = 1
        }
        // A final unescaped `$` anchors the end (count the backslashes before it).
        if end > index, scalars[end - 1] == "$" {
            var backslashes = 0
            var position = end - 2
            while position >= 0, scalars[position] == "\\" {
                backslashes += 1
                position -= 1
            }
            if backslashes % 2 == 0 {
                anchoredEnd = true
                end -= 1
            }
        }
        var inner = RegexParser(scalars: Array(scalars[..<end]))
        inner.index = index
        let node = try inner.parseAlternation()
        if inner.index < end {
            index = inner.index
            throw error(inner.scalars[inner.index] == ")" ? "Unmatched ')'" : "Unexpected character")
        }
        return (node, anchoredStart, anchoredEnd)
    }

    mutating func parseAlternation() throws(RulesRegex.SyntaxError) -> RegexNode {
        var branches = [try parseSequence()]
        while index < scalars.count, scalars[index] == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseSequence() throws(RulesRegex.SyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while index < scalars.count, scalars[index] != "|", scalars[index] != ")" {
            var atom = try parseAtom()
            atom = try parseQuantifiers(atom)
            items.append(atom)
        }
        if items.isEmpty { return .empty }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func parseQuantifiers(_ atom: RegexNode) throws(RulesRegex.SyntaxError) -> RegexNode {
        var node = atom
        while index < scalars.count {
            let scalar = scalars[index]
            var bounds: (Int, Int?)
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let parsed = try parseBraces() else { return node }
                bounds = parsed
                node = .repeated(node, min: bounds.0, max: bounds.1)
                skipLazyMark()
                continue
            default: return node
            }
            index += 1
            node = .repeated(node, min: bounds.0, max: bounds.1)
            skipLazyMark()
        }
        return node
    }

    private mutating func skipLazyMark() {
        // `*?` and friends only change which match is found, never whether one exists.
        if index < scalars.count, scalars[index] == "?" { index += 1 }
    }

    /// `{n}`, `{n,}` or `{n,m}`; nil (and nothing consumed) when the brace is not a quantifier.
    mutating func parseBraces() throws(RulesRegex.SyntaxError) -> (Int, Int?)? {
        var position = index + 1
        func number() -> Int? {
            var value = 0
            var seen = false
            while position < scalars.count, RulesRegex.isDigit(scalars[position]) {
                value = min(value * 10 + Int(scalars[position].value - 48), 100_000)
                position += 1
                seen = true
            }
            return seen ? value : nil
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if position < scalars.count, scalars[position] == "," {
            position += 1
            high = number()
        }
        guard position < scalars.count, scalars[position] == "}" else { return nil }
        if let high, high < low { throw error("Numbers out of order in {} quantifier") }
        if low > Self.maximumRepeat || (high ?? 0) > Self.maximumRepeat {
            throw error("Repetition count above \(Self.maximumRepeat)")
        }
        index = position + 1
        return (low, high)
    }

    mutating func parseAtom() throws(RulesRegex.SyntaxError) -> RegexNode {
        let scalar = scalars[index]
        switch scalar {
        case "(":
            depth += 1
            guard depth <= Self.maximumNesting else { throw error("Groups nested too deeply") }
            index += 1
            if index + 1 < scalars.count, scalars[index] == "?", scalars[index + 1] == ":" { index += 2 }
            let inner = try parseAlternation()
            guard index < scalars.count, scalars[index] == ")" else { throw error("Missing ')'") }
            index += 1
            depth -= 1
            return inner
        case "[":
            return .single(try parseSet())
        case ".":
            index += 1
            return .single(.any)
        case "\\":
            return .single(try parseEscape(inSet: false))
        case "*", "+", "?":
            throw error("Nothing to repeat")
        case "^":
            throw error("'^' is only supported as the first character of the pattern")
        case "$":
            throw error("'$' is only supported as the last character of the pattern")
        default:
            index += 1
            return .single(.scalar(scalar))
        }
    }

    mutating func parseEscape(inSet: Bool) throws(RulesRegex.SyntaxError) -> RulesRegex.Matcher {
        index += 1
        guard index < scalars.count else { throw error("Trailing '\\'") }
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "d": return .set([.digit(true)], negated: false)
        case "D": return .set([.digit(false)], negated: false)
        case "w": return .set([.word(true)], negated: false)
        case "W": return .set([.word(false)], negated: false)
        case "s": return .set([.space(true)], negated: false)
        case "S": return .set([.space(false)], negated: false)
        case "n": return .scalar("\n")
        case "t": return .scalar("\t")
        case "r": return .scalar("\r")
        default:
            if RulesRegex.isWord(scalar) {
                index -= 1
                throw error("Unsupported escape '\\\(scalar)'")
            }
            return .scalar(scalar)
        }
    }

    mutating func parseSet() throws(RulesRegex.SyntaxError) -> RulesRegex.Matcher {
        index += 1
        var negated = false
        if index < scalars.count, scalars[index] == "^" {
            negated = true
            index += 1
        }
        var items: [RulesRegex.SetItem] = []
        var first = true
        while true {
            guard index < scalars.count else { throw error("Missing ']'") }
            if scalars[index] == "]", !first {
                index += 1
                return .set(items, negated: negated)
            }
            first = false
            let low: Unicode.Scalar
            if scalars[index] == "\\" {
                switch try parseEscape(inSet: true) {
                case .scalar(let scalar): low = scalar
                case .set(let inner, _):
                    items += inner
                    continue
                case .any: continue
                }
            } else {
                low = scalars[index]
                index += 1
            }
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                index += 1
                var high = scalars[index]
                if high == "\\" {
                    guard case .scalar(let escaped) = try parseEscape(inSet: true) else {
                        throw error("Invalid range in character set")
                    }
                    high = escaped
                } else {
                    index += 1
                }
                guard low <= high else { throw error("Range out of order in character set") }
                items.append(.range(low, high))
            } else {
                items.append(.range(low, low))
            }
        }
    }
}
