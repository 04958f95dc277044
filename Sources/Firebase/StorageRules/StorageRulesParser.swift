/// Parses a Storage rules file: `rules_version = '2';`, `service firebase.storage { … }`, nested `match` blocks,
/// `allow … : if …;` and `function` declarations, and checks every name it uses is in scope.
struct StorageRulesParser {
    private let tokens: [StorageToken]
    private var position = 0
    private var depth = 0
    static let maximumNesting = 100
    static let globals: Set<String> = ["request", "resource", "timestamp", "duration"]

    static func parse(_ text: String) throws(StorageRulesError) -> StorageRulesFile {
        var parser = StorageRulesParser(tokens: try StorageRulesLexer.tokens(text))
        let file = try parser.parseFile()
        try StorageRulesScopeChecker(file: file).check()
        return file
    }

    private init(tokens: [StorageToken]) {
        self.tokens = tokens
    }

    private var current: StorageToken { tokens[position] }

    private func fail(_ reason: String, _ token: StorageToken? = nil) -> StorageRulesError {
        let token = token ?? current
        return StorageRulesError(line: token.line, column: token.column, reason: reason)
    }

    private func describe(_ token: StorageToken) -> String {
        switch token.kind {
        case .identifier(let name): return "'\(name)'"
        case .symbol(let symbol): return "'\(symbol)'"
        case .integer, .float: return "number"
        case .string: return "string"
        case .path(let path): return "path '\(path)'"
        case .end: return "end of file"
        }
    }

    private mutating func accept(_ symbol: String) -> Bool {
        if case .symbol(symbol) = current.kind {
            position += 1
            return true
        }
        return false
    }

    private mutating func expect(_ symbol: String) throws(StorageRulesError) {
        guard accept(symbol) else { throw fail("Expected '\(symbol)' but found \(describe(current))") }
    }

    private mutating func acceptKeyword(_ word: String) -> Bool {
        if case .identifier(word) = current.kind {
            position += 1
            return true
        }
        return false
    }

    private mutating func expectIdentifier(_ what: String) throws(StorageRulesError) -> String {
        guard case .identifier(let name) = current.kind else {
            throw fail("Expected \(what) but found \(describe(current))")
        }
        position += 1
        return name
    }

    private mutating func parseFile() throws(StorageRulesError) -> StorageRulesFile {
        var version = 1
        if acceptKeyword("rules_version") {
            try expect("=")
            let token = current
            guard case .string(let text) = token.kind else { throw fail("rules_version must be a string such as '2'") }
            guard text == "1" || text == "2" else { throw fail("Unsupported rules_version '\(text)'", token) }
            version = Int(text)!
            position += 1
            try expect(";")
        }
        guard acceptKeyword("service") else { throw fail("Expected 'service' but found \(describe(current))") }
        let serviceToken = current
        var name = try expectIdentifier("a service name")
        while accept(".") { name += "." + (try expectIdentifier("a service name")) }
        guard name == "firebase.storage" else {
            throw fail("Unsupported service '\(name)': these rules are for 'firebase.storage'", serviceToken)
        }
        try expect("{")
        var functions: [StorageFunction] = []
        var matches: [StorageMatch] = []
        while !accept("}") {
            if case .identifier("function") = current.kind {
                functions.append(try parseFunction())
            } else if case .identifier("match") = current.kind {
                matches.append(try parseMatch(version: version))
            } else {
                throw fail("Expected 'match' or 'function' but found \(describe(current))")
            }
        }
        guard case .end = current.kind else { throw fail("Unexpected \(describe(current)) after the service block") }
        return StorageRulesFile(version: version, functions: functions, matches: matches)
    }

    private mutating func parseMatch(version: Int) throws(StorageRulesError) -> StorageMatch {
        let matchToken = current
        position += 1
        let pathToken = current
        guard case .path(let text) = pathToken.kind else { throw fail("Expected a path after 'match'") }
        position += 1
        let segments = try parseSegments(text, token: pathToken)
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumNesting { throw fail("match blocks nested too deeply", matchToken) }
        try expect("{")
        var match = StorageMatch(
            segments: segments, allows: [], functions: [], matches: [], line: matchToken.line,
            column: matchToken.column)
        while !accept("}") {
            switch current.kind {
            case .identifier("match"): match.matches.append(try parseMatch(version: version))
            case .identifier("allow"): match.allows.append(try parseAllow())
            case .identifier("function"): match.functions.append(try parseFunction())
            default: throw fail("Expected 'allow', 'match' or 'function' but found \(describe(current))")
            }
        }
        return match
    }

    private func parseSegments(_ text: String, token: StorageToken) throws(StorageRulesError) -> [StorageMatch.Segment]
    {
        var segments: [StorageMatch.Segment] = []
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var names = Set<String>()
        for (number, piece) in pieces.enumerated() {
            if piece.isEmpty { throw fail("Empty segment in match path '\(text)'", token) }
            if piece.hasPrefix("{") {
                guard piece.hasSuffix("}") else { throw fail("Invalid wildcard '\(piece)' in match path", token) }
                let inner = piece.dropFirst().dropLast()
                var name = String(inner)
                var recursive = false
                if inner.hasSuffix("=**") {
                    name = String(inner.dropLast(3))
                    recursive = true
                }
                guard let first = name.unicodeScalars.first, !RulesRegex.isDigit(first),
                    name.unicodeScalars.allSatisfy(RulesRegex.isWord)
                else { throw fail("Invalid wildcard name '\(name)' in match path", token) }
                guard names.insert(name).inserted else {
                    throw fail("Duplicate wildcard '\(name)' in match path", token)
                }
                if recursive {
                    guard number == pieces.count - 1 else {
                        throw fail("A recursive wildcard {\(name)=**} must be the last segment of a match path", token)
                    }
                    segments.append(.recursive(name))
                } else {
                    segments.append(.single(name))
                }
            } else {
                if piece.contains("{") || piece.contains("}") || piece.contains("*") {
                    throw fail("Invalid segment '\(piece)' in match path", token)
                }
                segments.append(.literal(String(piece)))
            }
        }
        if segments.isEmpty { throw fail("Empty match path", token) }
        return segments
    }

    private mutating func parseAllow() throws(StorageRulesError) -> StorageAllow {
        let allowToken = current
        position += 1
        var operations = Set<StorageOperation>()
        var methods: [String] = []
        repeat {
            let token = current
            let method = try expectIdentifier("read, write, get, list, create, update or delete")
            guard let granted = StorageOperation.granted(by: method) else {
                throw fail(
                    "Unknown method '\(method)': expected read, write, get, list, create, update or delete", token)
            }
            operations.formUnion(granted)
            methods.append(method)
        } while accept(",")
        var condition: StorageExpression?
        if accept(":") {
            guard acceptKeyword("if") else { throw fail("Expected 'if' but found \(describe(current))") }
            condition = try parseExpression()
        }
        try expect(";")
        return StorageAllow(
            operations: operations, methodsText: methods.joined(separator: ", "), condition: condition,
            line: allowToken.line, column: allowToken.column)
    }

    private mutating func parseFunction() throws(StorageRulesError) -> StorageFunction {
        let functionToken = current
        position += 1
        let name = try expectIdentifier("a function name")
        try expect("(")
        var parameters: [String] = []
        if !accept(")") {
            repeat { parameters.append(try expectIdentifier("a parameter name")) } while accept(",")
            try expect(")")
        }
        try expect("{")
        var lets: [(String, StorageExpression)] = []
        while acceptKeyword("let") {
            let variable = try expectIdentifier("a variable name")
            try expect("=")
            lets.append((variable, try parseExpression()))
            try expect(";")
        }
        guard acceptKeyword("return") else { throw fail("Expected 'return' but found \(describe(current))") }
        let body = try parseExpression()
        try expect(";")
        try expect("}")
        return StorageFunction(
            name: name, parameters: parameters, lets: lets, body: body, line: functionToken.line,
            column: functionToken.column)
    }

    // MARK: Expressions

    private mutating func nest() throws(StorageRulesError) {
        depth += 1
        if depth > Self.maximumNesting { throw fail("Expression nested too deeply") }
    }

    private func made(_ kind: StorageExpression.Kind, _ token: StorageToken) -> StorageExpression {
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

    private static let levels: [[String]] = [
        ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">=", "in", "is"], ["+", "-"], ["*", "/", "%"],
    ]

    private mutating func parseBinary(level: Int) throws(StorageRulesError) -> StorageExpression {
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

    private mutating func parseUnary() throws(StorageRulesError) -> StorageExpression {
        let token = current
        if accept("!") || accept("-") {
            guard case .symbol(let op) = token.kind else { throw fail("Unexpected token") }
            try nest()
            defer { depth -= 1 }
            return made(.unary(op, try parseUnary()), token)
        }
        return try parsePostfix()
    }

    private mutating func parsePostfix() throws(StorageRulesError) -> StorageExpression {
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

    private mutating func parseArguments(closing: String) throws(StorageRulesError) -> [StorageExpression] {
        var arguments: [StorageExpression] = []
        if accept(closing) { return arguments }
        repeat { arguments.append(try parseExpression()) } while accept(",")
        try expect(closing)
        return arguments
    }

    private mutating func parsePrimary() throws(StorageRulesError) -> StorageExpression {
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
