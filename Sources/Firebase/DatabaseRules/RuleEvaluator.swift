/// Runs one rule expression against the data, bounded in steps. A type error, a missing `auth`, a non-boolean
/// result or an exhausted budget makes the rule false (Firebase: "an expression that errors denies"); an error of
/// the data source is thrown through.
struct RuleEvaluator {
    let old: any DatabaseSnapshotSource
    let new: (any DatabaseSnapshotSource)?
    let auth: RulesAuth?
    let now: Int64
    let location: DatabasePath
    let variables: [String: String]
    var steps = 0
    var reads = 0

    /// The most steps (sub-expressions evaluated) one rule may take.
    static let maximumSteps = 10_000
    /// The most reads of the data one rule may make (each may be a query of a SQL store).
    static let maximumReads = 1000
    /// The longest string a rule may build (`replace`, `+`).
    static let maximumStringLength = 1 << 20

    /// True when the expression holds; throws only what the data source throws.
    mutating func holds(_ expression: RuleExpression) throws -> (Bool, String?) {
        do {
            guard case .bool(let value) = try evaluate(expression.root) else {
                return (false, "the expression did not evaluate to a boolean")
            }
            return (value, nil)
        } catch let failure as RuleEvaluationFailure {
            return (false, failure.reason)
        }
    }

    func failure(_ reason: String) -> RuleEvaluationFailure { RuleEvaluationFailure(reason: reason) }

    private mutating func evaluate(_ node: RuleSyntax) throws -> RuleValue {
        steps += 1
        if steps > Self.maximumSteps { throw failure("evaluation took more than \(Self.maximumSteps) steps") }
        switch node.kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .regex(let regex): return .regex(regex)
        case .array(let items):
            var strings: [String] = []
            for item in items {
                guard case .string(let text) = try evaluate(item) else { throw failure("a list may hold only strings") }
                strings.append(text)
            }
            return .list(strings)
        case .variable(let name):
            switch name {
            case "auth": return auth.map { RuleValue(json: $0.jsonValue) } ?? .null
            case "now": return .number(Double(now))
            case "root": return .snapshot(RuleSnapshot(isNew: false, path: .root))
            case "data": return .snapshot(RuleSnapshot(isNew: false, path: location))
            case "newData":
                guard new != nil else { throw failure("newData is not available when reading") }
                return .snapshot(RuleSnapshot(isNew: true, path: location))
            default:
                guard let value = variables[name] else { throw failure("unknown variable \(name)") }
                return .string(value)
            }
        case .member(let base, let name):
            let value = try evaluate(base)
            switch value {
            case .object(let members): return RuleValue(json: members[name] ?? .null)
            case .string(let text) where name == "length": return .number(Double(text.utf16.count))
            case .null: throw failure("can't read '\(name)' of null")
            default: throw failure("no property '\(name)'")
            }
        case .index(let base, let key):
            let container = try evaluate(base)
            let keyValue = try evaluate(key)
            guard case .object(let members) = container else { throw failure("only objects can be indexed") }
            switch keyValue {
            case .string(let name): return RuleValue(json: members[name] ?? .null)
            case .number(let number): return RuleValue(json: members[JavaScriptNumber.format(number)] ?? .null)
            default: throw failure("an index must be a string or a number")
            }
        case .call(let base, let name, let arguments):
            let receiver = try evaluate(base)
            var values: [RuleValue] = []
            for argument in arguments { values.append(try evaluate(argument)) }
            switch receiver {
            case .snapshot(let snapshot): return try callSnapshot(snapshot, name, values)
            case .string(let text): return try callString(text, name, values)
            default: throw failure("no method '\(name)' on this value")
            }
        case .not(let operand):
            guard case .bool(let value) = try evaluate(operand) else { throw failure("! expects a boolean") }
            return .bool(!value)
        case .negate(let operand):
            guard case .number(let value) = try evaluate(operand) else { throw failure("- expects a number") }
            return .number(-value)
        case .conditional(let condition, let whenTrue, let whenFalse):
            guard case .bool(let value) = try evaluate(condition) else {
                throw failure("the condition of ?: must be a boolean")
            }
            return try evaluate(value ? whenTrue : whenFalse)
        case .binary(let op, let left, let right):
            return try evaluateBinary(op, left, right)
        }
    }

    private mutating func evaluateBinary(_ op: RuleBinaryOperator, _ leftNode: RuleSyntax, _ rightNode: RuleSyntax)
        throws -> RuleValue
    {
        if op == .and || op == .or {
            guard case .bool(let left) = try evaluate(leftNode) else {
                throw failure("\(op.rawValue) expects booleans")
            }
            if op == .and && !left { return .bool(false) }
            if op == .or && left { return .bool(true) }
            guard case .bool(let right) = try evaluate(rightNode) else {
                throw failure("\(op.rawValue) expects booleans")
            }
            return .bool(right)
        }
        let left = try evaluate(leftNode)
        let right = try evaluate(rightNode)
        switch op {
        case .equal: return .bool(try equal(left, right))
        case .notEqual: return .bool(!(try equal(left, right)))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (left, right) {
            case (.number(let a), .number(let b)): order = a < b ? -1 : (a > b ? 1 : 0)
            case (.string(let a), .string(let b)): order = FirebaseKeyOrder.compareCodeUnits(a, b)
            default: throw failure("\(op.rawValue) compares two numbers or two strings")
            }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .add:
            switch (left, right) {
            case (.number(let a), .number(let b)): return .number(a + b)
            case (.string, .string), (.string, .number), (.number, .string):
                let text = try concatenationText(left) + concatenationText(right)
                guard text.utf16.count <= Self.maximumStringLength else { throw failure("string too long") }
                return .string(text)
            default: throw failure("+ only operates on numbers and strings")
            }
        case .subtract, .multiply, .divide, .remainder:
            guard case .number(let a) = left, case .number(let b) = right else {
                throw failure("\(op.rawValue) only operates on numbers")
            }
            switch op {
            case .subtract: return .number(a - b)
            case .multiply: return .number(a * b)
            case .divide: return .number(a / b)
            default: return .number(a.truncatingRemainder(dividingBy: b))
            }
        case .and, .or:
            fatalError("handled above")
        }
    }

    private func concatenationText(_ value: RuleValue) throws -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return number.isFinite ? JavaScriptNumber.format(number) : String(number)
        default: throw failure("+ only operates on numbers and strings")
        }
    }

    /// `==`: equal values of one type; different types are unequal; snapshots, objects and lists can't be compared.
    private func equal(_ left: RuleValue, _ right: RuleValue) throws -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.utf16.elementsEqual(b.utf16)
        case (.snapshot, _), (_, .snapshot):
            throw failure("a snapshot can't be compared; call val() on it")
        // `auth != null` and `data.val() == null` compare anything with null.
        case (.null, _), (_, .null): return false
        case (.object, _), (_, .object), (.list, _), (_, .list), (.regex, _), (_, .regex):
            throw failure("objects can't be compared")
        default: return false
        }
    }
}

extension String.UTF16View {
    /// True when `needle` occurs as a run of code units.
    func containsSubsequence(_ needle: [UInt16]) -> Bool {
        if needle.isEmpty { return true }
        let units = Array(self)
        guard units.count >= needle.count else { return false }
        for start in 0...(units.count - needle.count) where units[start] == needle[0] {
            if Array(units[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}

extension String {
    /// Every occurrence of `target` (by code units, left to right, not overlapping) replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let units = Array(utf16)
        let needle = Array(target.utf16)
        var result: [UInt16] = []
        var index = 0
        while index < units.count {
            if index + needle.count <= units.count, Array(units[index..<(index + needle.count)]) == needle {
                result += replacement.utf16
                index += needle.count
            } else {
                result.append(units[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF16.self)
    }
}
