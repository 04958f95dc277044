/// Expressions: precedence climbing from `?:` down to `||`, `&&`, equality, relational with `in` and `is`,
/// `+ -`, `* / %`, unary `! -`, and member, call and index suffixes.
extension StorageRulesParser {
    mutating func nest() throws(StorageRulesError) {
        depth += 1
        if depth > Self.maximumNesting { throw fail("Expression nested too deeply") }
    }

    func made(_ kind: StorageExpression.Kind, _ token: StorageToken) -> StorageExpression {
        StorageExpression(kind: kind, line: token.line, column: token.column)
    }

    mutating func parseExpression() throws(StorageRulesError) -> StorageExpression {
        try nest()
        defer { depth -= 1 }
        let start = current
        let condition = try parseBinary(level: 0)
        guard accept("?") else { return condition }
        let whenTrue = try parseExpression()
        try expect(":")
        let whenFalse = try parseExpression()
        return made(.conditional(condition, whenTrue, whenFalse), start)
    }

    static let levels: [[String]] = [
        ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">=", "in", "is"], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func parseBinary(level: Int) throws(StorageRulesError) -> StorageExpression {
        if level == Self.levels.count { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        // Each link of a chain `a && b && …` deepens the tree: count it toward the nesting limit.
        var links = 0
        defer { depth -= links }
        while true {
            let token = current
            let op: String
            switch token.kind {
            case .symbol(let symbol) where Self.levels[level].contains(symbol): op = symbol
            case .identifier(let word) where Self.levels[level].contains(word): op = word
            default: return left
            }
            position += 1
            try nest()
            links += 1
            if op == "is" {
                let typeToken = current
                let typeName = try expectIdentifier("a type name")
                let types = [
                    "string", "int", "float", "number", "bool", "map", "list", "path", "timestamp",
                    "duration", "null",
                ]
                guard types.contains(typeName) else { throw fail("Unknown type '\(typeName)'", typeToken) }
                left = made(.isType(left, typeName), token)
            } else {
                left = made(.binary(op, left, try parseBinary(level: level + 1)), token)
            }
        }
    }

    mutating func parseUnary() throws(StorageRulesError) -> StorageExpression {
        let token = current
        if accept("!") || accept("-") {
            guard case .symbol(let op) = token.kind else { throw fail("Unexpected token") }
            try nest()
            defer { depth -= 1 }
            return made(.unary(op, try parseUnary()), token)
        }
        return try parsePostfix()
    }

    mutating func parsePostfix() throws(StorageRulesError) -> StorageExpression {
        var node = try parsePrimary()
        while true {
            let token = current
            if accept(".") {
                let name = try expectIdentifier("a property name")
                if accept("(") {
                    node = made(.call(node, name, try parseArguments(closing: ")")), token)
                } else {
                    node = made(.member(node, name), token)
                }
            } else if accept("[") {
                try nest()
                let key = try parseExpression()
                depth -= 1
                try expect("]")
                node = made(.index(node, key), token)
            } else {
                return node
            }
        }
    }

    mutating func parseArguments(closing: String) throws(StorageRulesError) -> [StorageExpression] {
        var arguments: [StorageExpression] = []
        if accept(closing) { return arguments }
        repeat { arguments.append(try parseExpression()) } while accept(",")
        try expect(closing)
        return arguments
    }

    mutating func parsePrimary() throws(StorageRulesError) -> StorageExpression {
        let token = current
        switch token.kind {
        case .integer(let value):
            position += 1
            return made(.integer(value), token)
        case .float(let value):
            position += 1
            return made(.float(value), token)
        case .string(let value):
            position += 1
            return made(.string(value), token)
        case .identifier(let name):
            position += 1
            switch name {
            case "true": return made(.bool(true), token)
            case "false": return made(.bool(false), token)
            case "null": return made(.null, token)
            default:
                if accept("(") { return made(.call(nil, name, try parseArguments(closing: ")")), token) }
                return made(.variable(name), token)
            }
        case .symbol("("):
            position += 1
            let inner = try parseExpression()
            try expect(")")
            return inner
        case .symbol("["):
            position += 1
            return made(.list(try parseArguments(closing: "]")), token)
        case .symbol("{"):
            position += 1
            var entries: [(String, StorageExpression)] = []
            if !accept("}") {
                repeat {
                    guard case .string(let key) = current.kind else { throw fail("Map keys must be strings") }
                    position += 1
                    try expect(":")
                    entries.append((key, try parseExpression()))
                } while accept(",")
                try expect("}")
            }
            return made(.map(entries), token)
        default:
            throw fail("Unexpected \(describe(token))")
        }
    }
}
