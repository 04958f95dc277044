/// Parses a rule expression by precedence climbing: `?:` < `||` < `&&` < equality < relational < `+ -` <
/// `* / %` < unary `! -` < member, call and index.
struct RuleParser {
    private let tokens: [RuleToken]
    private var position = 0
    private var depth = 0

    static func parse(_ text: String) throws(RulesError) -> RuleExpression {
        if text.count > RuleExpression.maximumLength {
            throw RulesError(
                line: 0, rulePath: "", column: 0,
                reason: "Expression longer than \(RuleExpression.maximumLength) characters")
        }
        var parser = RuleParser(tokens: try RuleLexer.tokens(text))
        let root = try parser.parseConditional()
        guard case .end = parser.current.kind else {
            throw parser.fail("Unexpected \(parser.describe(parser.current))")
        }
        return RuleExpression(source: text, root: root)
    }

    private init(tokens: [RuleToken]) {
        self.tokens = tokens
    }

    private var current: RuleToken { tokens[position] }

    private func fail(_ reason: String, at column: Int? = nil) -> RulesError {
        RulesError(line: 0, rulePath: "", column: column ?? current.column, reason: reason)
    }

    private func describe(_ token: RuleToken) -> String {
        switch token.kind {
        case .end: return "end of expression"
        case .symbol(let symbol): return "'\(symbol)'"
        case .identifier(let name): return "'\(name)'"
        case .number: return "number"
        case .string: return "string"
        case .regex: return "regular expression"
        }
    }

    private mutating func accept(_ symbol: String) -> Bool {
        if case .symbol(symbol) = current.kind {
            position += 1
            return true
        }
        return false
    }

    private mutating func expect(_ symbol: String) throws(RulesError) {
        guard accept(symbol) else { throw fail("Expected '\(symbol)' but found \(describe(current))") }
    }

    private mutating func nest() throws(RulesError) {
        depth += 1
        if depth > RuleExpression.maximumNesting { throw fail("Expression nested too deeply") }
    }

    private mutating func parseConditional() throws(RulesError) -> RuleSyntax {
        try nest()
        defer { depth -= 1 }
        let condition = try parseBinary(level: 0)
        guard case .symbol("?") = current.kind else { return condition }
        position += 1
        let whenTrue = try parseConditional()
        try expect(":")
        let whenFalse = try parseConditional()
        return RuleSyntax(kind: .conditional(condition, whenTrue, whenFalse), column: condition.column)
    }

    private static let levels: [[String: RuleBinaryOperator]] = [
        ["||": .or],
        ["&&": .and],
        ["==": .equal, "===": .equal, "!=": .notEqual, "!==": .notEqual],
        ["<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual],
        ["+": .add, "-": .subtract],
        ["*": .multiply, "/": .divide, "%": .remainder],
    ]

    private mutating func parseBinary(level: Int) throws(RulesError) -> RuleSyntax {
        if level == Self.levels.count { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        // A chain `a && b && c …` builds a tree as deep as it is long: each link counts toward the nesting limit,
        // so evaluating any accepted expression recurses a bounded depth.
        var links = 0
        defer { depth -= links }
        while case .symbol(let symbol) = current.kind, let op = Self.levels[level][symbol] {
            let column = current.column
            position += 1
            try nest()
            links += 1
            let right = try parseBinary(level: level + 1)
            left = RuleSyntax(kind: .binary(op, left, right), column: column)
        }
        return left
    }

    private mutating func parseUnary() throws(RulesError) -> RuleSyntax {
        let column = current.column
        if accept("!") {
            try nest()
            defer { depth -= 1 }
            return RuleSyntax(kind: .not(try parseUnary()), column: column)
        }
        if accept("-") {
            try nest()
            defer { depth -= 1 }
            return RuleSyntax(kind: .negate(try parseUnary()), column: column)
        }
        return try parsePostfix()
    }

    private mutating func parsePostfix() throws(RulesError) -> RuleSyntax {
        var node = try parsePrimary()
        while true {
            let column = current.column
            if accept(".") {
                guard case .identifier(let name) = current.kind else {
                    throw fail("Expected a property name after '.' but found \(describe(current))")
                }
                position += 1
                if accept("(") {
                    node = RuleSyntax(kind: .call(node, name, try parseArguments(closing: ")")), column: column + 1)
                } else {
                    node = RuleSyntax(kind: .member(node, name), column: column + 1)
                }
            } else if accept("[") {
                try nest()
                let key = try parseConditional()
                depth -= 1
                try expect("]")
                node = RuleSyntax(kind: .index(node, key), column: column)
            } else if case .symbol("(") = current.kind {
                throw fail("Only methods can be called")
            } else {
                return node
            }
        }
    }

    private mutating func parseArguments(closing: String) throws(RulesError) -> [RuleSyntax] {
        var arguments: [RuleSyntax] = []
        if accept(closing) { return arguments }
        while true {
            try nest()
            arguments.append(try parseConditional())
            depth -= 1
            if accept(closing) { return arguments }
            try expect(",")
        }
    }

    private mutating func parsePrimary() throws(RulesError) -> RuleSyntax {
        let token = current
        switch token.kind {
        case .number(let value):
            position += 1
            return RuleSyntax(kind: .number(value), column: token.column)
        case .string(let value):
            position += 1
            return RuleSyntax(kind: .string(value), column: token.column)
        case .regex(let pattern, let flags):
            position += 1
            do {
                return RuleSyntax(kind: .regex(try RulesRegex(pattern, flags: flags)), column: token.column)
            } catch {
                throw fail("Invalid regular expression: \(error.reason)", at: token.column + 1 + error.offset)
            }
        case .identifier(let name):
            position += 1
            switch name {
            case "true": return RuleSyntax(kind: .bool(true), column: token.column)
            case "false": return RuleSyntax(kind: .bool(false), column: token.column)
            case "null": return RuleSyntax(kind: .null, column: token.column)
            default: return RuleSyntax(kind: .variable(name), column: token.column)
            }
        case .symbol("("):
            position += 1
            try nest()
            let inner = try parseConditional()
            depth -= 1
            try expect(")")
            return inner
        case .symbol("["):
            position += 1
            return RuleSyntax(kind: .array(try parseArguments(closing: "]")), column: token.column)
        default:
            throw fail("Unexpected \(describe(token))")
        }
    }
}
