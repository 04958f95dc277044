/// Parses a Storage rules file: `rules_version = '2';`, `service firebase.storage { … }`, nested `match` blocks,
/// `allow … : if …;` and `function` declarations, and checks every name it uses is in scope.
struct StorageRulesParser {
    let tokens: [StorageToken]
    var position = 0
    var depth = 0
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

    var current: StorageToken { tokens[position] }

    func fail(_ reason: String, _ token: StorageToken? = nil) -> StorageRulesError {
        let token = token ?? current
        return StorageRulesError(line: token.line, column: token.column, reason: reason)
    }

    func describe(_ token: StorageToken) -> String {
        switch token.kind {
        case .identifier(let name): return "'\(name)'"
        case .symbol(let symbol): return "'\(symbol)'"
        case .integer, .float: return "number"
        case .string: return "string"
        case .path(let path): return "path '\(path)'"
        case .end: return "end of file"
        }
    }

    mutating func accept(_ symbol: String) -> Bool {
        if case .symbol(symbol) = current.kind {
            position += 1
            return true
        }
        return false
    }

    mutating func expect(_ symbol: String) throws(StorageRulesError) {
        guard accept(symbol) else { throw fail("Expected '\(symbol)' but found \(describe(current))") }
    }

    mutating func acceptKeyword(_ word: String) -> Bool {
        if case .identifier(word) = current.kind {
            position += 1
            return true
        }
        return false
    }

    mutating func expectIdentifier(_ what: String) throws(StorageRulesError) -> String {
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
}
