/// Checks that every variable, function and method a Storage rules file uses exists where it is used, so a typo
/// stops the server's start (issue 29: "a file the parser cannot read stops the start with the line and column")
/// instead of silently denying at run time.
struct StorageRulesScopeChecker {
    let file: StorageRulesFile

    /// Methods values have (strings, lists, maps, paths, timestamps, durations) and the `timestamp.date`,
    /// `duration.value` constructors.
    static let methods: Set<String> = [
        "matches", "size", "lower", "upper", "trim", "split", "keys", "values", "hasAll", "hasAny",
        "hasOnly", "date", "value", "toMillis", "seconds", "nanos", "year", "month", "day", "hours", "minutes",
        "join",
    ]

    func check() throws(StorageRulesError) {
        let functions = Dictionary(
            file.functions.map { ($0.name, $0.parameters.count) }, uniquingKeysWith: { a, _ in a })
        try checkFunctions(file.functions, variables: StorageRulesParser.globals, functions: functions)
        for match in file.matches {
            try checkMatch(match, variables: StorageRulesParser.globals, functions: functions)
        }
    }

    private func checkMatch(_ match: StorageMatch, variables: Set<String>, functions: [String: Int])
        throws(StorageRulesError)
    {
        var scope = variables
        for segment in match.segments {
            switch segment {
            case .single(let name), .recursive(let name): scope.insert(name)
            case .literal: break
            }
        }
        var visible = functions
        for function in match.functions { visible[function.name] = function.parameters.count }
        try checkFunctions(match.functions, variables: scope, functions: visible)
        for allow in match.allows {
            if let condition = allow.condition { try checkExpression(condition, variables: scope, functions: visible) }
        }
        for inner in match.matches { try checkMatch(inner, variables: scope, functions: visible) }
    }

    private func checkFunctions(_ list: [StorageFunction], variables: Set<String>, functions: [String: Int])
        throws(StorageRulesError)
    {
        var seen = Set<String>()
        for function in list {
            guard seen.insert(function.name).inserted else {
                throw StorageRulesError(
                    line: function.line, column: function.column,
                    reason: "Function '\(function.name)' is declared twice")
            }
            var scope = variables.union(function.parameters)
            for (name, value) in function.lets {
                try checkExpression(value, variables: scope, functions: functions)
                scope.insert(name)
            }
            try checkExpression(function.body, variables: scope, functions: functions)
        }
    }

    private func checkExpression(_ expression: StorageExpression, variables: Set<String>, functions: [String: Int])
        throws(StorageRulesError)
    {
        func fail(_ reason: String) -> StorageRulesError {
            StorageRulesError(line: expression.line, column: expression.column, reason: reason)
        }
        func check(_ inner: StorageExpression) throws(StorageRulesError) {
            try checkExpression(inner, variables: variables, functions: functions)
        }
        switch expression.kind {
        case .null, .bool, .integer, .float, .string: break
        case .list(let items): for item in items { try check(item) }
        case .map(let entries): for (_, value) in entries { try check(value) }
        case .variable(let name):
            guard variables.contains(name) else { throw fail("Unknown variable '\(name)'") }
        case .member(let base, _): try check(base)
        case .index(let base, let key):
            try check(base)
            try check(key)
        case .call(let receiver, let name, let arguments):
            if let receiver {
                try check(receiver)
                guard Self.methods.contains(name) else { throw fail("Unknown method '\(name)'") }
            } else {
                guard let count = functions[name] else { throw fail("Unknown function '\(name)'") }
                guard count == arguments.count else {
                    throw fail("Function '\(name)' takes \(count) arguments, not \(arguments.count)")
                }
            }
            for argument in arguments { try check(argument) }
        case .unary(_, let operand): try check(operand)
        case .binary(_, let left, let right):
            try check(left)
            try check(right)
        case .isType(let operand, _): try check(operand)
        case .conditional(let condition, let whenTrue, let whenFalse):
            try check(condition)
            try check(whenTrue)
            try check(whenFalse)
        }
    }
}
