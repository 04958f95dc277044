/// The static checks Firebase's rules compiler makes before it accepts a rule: variables exist where used
/// (`newData` only in `.write` and `.validate`, `$vars` only below their wildcard), snapshot and string methods
/// exist and get the right number of arguments, operators get operands of types they take, and the whole
/// expression can be a boolean.
struct RuleChecker {
    enum StaticType: Equatable {
        case snapshot, string, number, boolean, null, regex, array
        /// `auth` and its members, `val()`, `getPriority()`: known only when the rule runs.
        case any
    }

    let allowsNewData: Bool
    let wildcards: Set<String>

    static let snapshotMethods: [String: (arguments: ClosedRange<Int>, result: StaticType)] = [
        "val": (0...0, .any), "child": (1...1, .snapshot), "parent": (0...0, .snapshot),
        "exists": (0...0, .boolean), "hasChild": (1...1, .boolean), "hasChildren": (0...1, .boolean),
        "isString": (0...0, .boolean), "isNumber": (0...0, .boolean), "isBoolean": (0...0, .boolean),
        "numChildren": (0...0, .number), "getPriority": (0...0, .any),
    ]

    static let stringMethods: [String: (arguments: ClosedRange<Int>, result: StaticType)] = [
        "contains": (1...1, .boolean), "beginsWith": (1...1, .boolean), "endsWith": (1...1, .boolean),
        "replace": (2...2, .string), "toLowerCase": (0...0, .string), "toUpperCase": (0...0, .string),
        "matches": (1...1, .boolean),
    ]

    func checkRule(_ expression: RuleExpression) throws(RulesError) {
        let type = try check(expression.root)
        if type != .boolean && type != .any {
            throw RulesError(
                line: 0, rulePath: "", column: expression.root.column,
                reason: "Expression does not evaluate to a boolean.")
        }
    }

    private func fail(_ node: RuleSyntax, _ reason: String) -> RulesError {
        RulesError(line: 0, rulePath: "", column: node.column, reason: reason)
    }

    func check(_ node: RuleSyntax) throws(RulesError) -> StaticType {
        switch node.kind {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .regex: return .regex
        case .array(let items):
            for item in items where try check(item) != .string {
                throw fail(item, "Type error: the list may hold only strings.")
            }
            return .array
        case .variable(let name):
            switch name {
            case "auth": return .any
            case "data", "root": return .snapshot
            case "now": return .number
            case "newData":
                if allowsNewData { return .snapshot }
                throw fail(node, "Unknown variable 'newData'.")
            default:
                if name.hasPrefix("$"), wildcards.contains(name) { return .string }
                throw fail(node, "Unknown variable '\(name)'.")
            }
        case .member(let base, let name):
            switch try check(base) {
            case .any: return .any
            case .string:
                if name == "length" { return .number }
                throw fail(node, "No such method/property '\(name)'.")
            default:
                throw fail(node, "No such method/property '\(name)'.")
            }
        case .index(let base, let key):
            let keyType = try check(key)
            guard try check(base) == .any else { throw fail(node, "Type error: only auth values can be indexed.") }
            if keyType != .string && keyType != .number && keyType != .any {
                throw fail(key, "Type error: an index must be a string or a number.")
            }
            return .any
        case .call(let base, let name, let arguments):
            let baseType = try check(base)
            let argumentTypes = try arguments.map { (argument) throws(RulesError) in try check(argument) }
            let table: [String: (arguments: ClosedRange<Int>, result: StaticType)]
            switch baseType {
            case .snapshot: table = Self.snapshotMethods
            case .string, .any: table = Self.stringMethods
            default: throw fail(node, "No such method/property '\(name)'.")
            }
            guard let method = table[name] else { throw fail(node, "No such method/property '\(name)'.") }
            guard method.arguments.contains(arguments.count) else {
                throw fail(node, "Wrong number of arguments to '\(name)': \(arguments.count).")
            }
            try checkArguments(name, arguments, argumentTypes)
            return method.result
        case .not(let operand):
            let type = try check(operand)
            guard type == .boolean || type == .any else { throw fail(node, "Type error: ! expects a boolean.") }
            return .boolean
        case .negate(let operand):
            let type = try check(operand)
            guard type == .number || type == .any else { throw fail(node, "Type error: - expects a number.") }
            return .number
        case .binary(let op, let left, let right):
            return try checkBinary(node, op, try check(left), try check(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            let conditionType = try check(condition)
            guard conditionType == .boolean || conditionType == .any else {
                throw fail(condition, "Type error: the condition of ?: must be a boolean.")
            }
            let a = try check(whenTrue)
            let b = try check(whenFalse)
            return a == b ? a : .any
        }
    }

    private func checkArguments(_ name: String, _ arguments: [RuleSyntax], _ types: [StaticType]) throws(RulesError) {
        switch name {
        case "matches":
            guard types[0] == .regex else {
                throw fail(arguments[0], "Type error: matches() takes a regular expression literal.")
            }
        case "hasChildren":
            if let type = types.first, type != .array {
                throw fail(arguments[0], "Type error: hasChildren() takes a list of child names.")
            }
        default:
            for (argument, type) in zip(arguments, types) where ![.string, .any].contains(type) {
                throw fail(argument, "Type error: \(name)() takes a string.")
            }
        }
    }

    private func checkBinary(_ node: RuleSyntax, _ op: RuleBinaryOperator, _ left: StaticType, _ right: StaticType)
        throws(RulesError) -> StaticType
    {
        func known(_ type: StaticType, in allowed: [StaticType]) -> Bool { type == .any || allowed.contains(type) }
        switch op {
        case .and, .or:
            guard known(left, in: [.boolean]), known(right, in: [.boolean]) else {
                throw fail(node, "Type error: \(op.rawValue) expects booleans.")
            }
            return .boolean
        case .equal, .notEqual:
            if left == .snapshot || right == .snapshot {
                throw fail(node, "Type error: a snapshot can't be compared; call val() on it.")
            }
            return .boolean
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard known(left, in: [.number, .string]), known(right, in: [.number, .string]),
                left == .any || right == .any || left == right
            else { throw fail(node, "Type error: \(op.rawValue) compares two numbers or two strings.") }
            return .boolean
        case .add:
            guard known(left, in: [.number, .string]), known(right, in: [.number, .string]) else {
                throw fail(node, "Type error: + only operates on numbers and strings.")
            }
            if left == .number && right == .number { return .number }
            if left == .string || right == .string { return .string }
            return .any
        case .subtract, .multiply, .divide, .remainder:
            guard known(left, in: [.number]), known(right, in: [.number]) else {
                throw fail(node, "Type error: \(op.rawValue) only operates on numbers.")
            }
            return .number
        }
    }
}
