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

    private func failure(_ reason: String) -> RuleEvaluationFailure { RuleEvaluationFailure(reason: reason) }

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

    private mutating func source(_ snapshot: RuleSnapshot) throws -> any DatabaseSnapshotSource {
        reads += 1
        if reads > Self.maximumReads { throw failure("more than \(Self.maximumReads) reads of the data") }
        if snapshot.isNew {
            guard let new else { throw failure("newData is not available when reading") }
            return new
        }
        return old
    }

    private func childPath(_ snapshot: RuleSnapshot, _ argument: RuleValue) throws -> DatabasePath {
        guard case .string(let text) = argument else { throw failure("a child path must be a string") }
        guard let relative = try? DatabasePath(text), !relative.isRoot else {
            throw failure("'\(text)' is not a valid child path")
        }
        let path = snapshot.path.appending(relative)
        guard path.depth <= DatabaseLimits.maximumDepth else { throw failure("child path too deep") }
        return path
    }

    private mutating func callSnapshot(_ snapshot: RuleSnapshot, _ name: String, _ arguments: [RuleValue]) throws
        -> RuleValue
    {
        let data = try source(snapshot)
        switch (name, arguments.count) {
        case ("val", 0):
            let summary = try data.summary(at: snapshot.path)
            switch summary.kind {
            case .null: return .null
            case .leaf(let value): return RuleValue(leaf: value)
            case .children: return RuleValue(json: try data.node(at: snapshot.path).jsonValue())
            }
        case ("child", 1):
            return .snapshot(RuleSnapshot(isNew: snapshot.isNew, path: try childPath(snapshot, arguments[0])))
        case ("parent", 0):
            guard let parent = snapshot.path.parent else { throw failure("the root has no parent") }
            return .snapshot(RuleSnapshot(isNew: snapshot.isNew, path: parent))
        case ("exists", 0):
            return .bool(try data.summary(at: snapshot.path).exists)
        case ("hasChild", 1):
            return .bool(try data.summary(at: try childPath(snapshot, arguments[0])).exists)
        case ("hasChildren", 0):
            if case .children = try data.summary(at: snapshot.path).kind { return .bool(true) }
            return .bool(false)
        case ("hasChildren", 1):
            guard case .list(let names) = arguments[0] else { throw failure("hasChildren() takes a list of names") }
            for name in names {
                _ = try source(snapshot)
                if !(try data.summary(at: try childPath(snapshot, .string(name))).exists) { return .bool(false) }
            }
            return .bool(true)
        case ("isString", 0), ("isNumber", 0), ("isBoolean", 0):
            guard case .leaf(let value) = try data.summary(at: snapshot.path).kind else { return .bool(false) }
            switch (name, value) {
            case ("isString", .string), ("isNumber", .number), ("isBoolean", .bool): return .bool(true)
            default: return .bool(false)
            }
        case ("numChildren", 0):
            if case .children(let count) = try data.summary(at: snapshot.path).kind { return .number(Double(count)) }
            return .number(0)
        case ("getPriority", 0):
            return RuleValue(priority: try data.summary(at: snapshot.path).priority)
        default:
            throw failure("no method '\(name)' with \(arguments.count) arguments on a snapshot")
        }
    }

    private func callString(_ text: String, _ name: String, _ arguments: [RuleValue]) throws -> RuleValue {
        func stringArgument(_ index: Int) throws -> String {
            guard index < arguments.count, case .string(let value) = arguments[index] else {
                throw failure("\(name)() takes a string")
            }
            return value
        }
        switch name {
        case "contains": return .bool(text.utf16.containsSubsequence(Array(try stringArgument(0).utf16)))
        case "beginsWith": return .bool(text.utf16.starts(with: try stringArgument(0).utf16))
        case "endsWith": return .bool(text.utf16.reversed().starts(with: try stringArgument(0).utf16.reversed()))
        case "replace":
            let target = try stringArgument(0)
            let replacement = try stringArgument(1)
            guard !target.isEmpty else { return .string(text) }
            let result = text.replacingAll(target, with: replacement)
            guard result.utf16.count <= Self.maximumStringLength else { throw failure("string too long") }
            return .string(result)
        case "toLowerCase": return .string(text.lowercased())
        case "toUpperCase": return .string(text.uppercased())
        case "matches":
            guard arguments.count == 1, case .regex(let regex) = arguments[0] else {
                throw failure("matches() takes a regular expression")
            }
            return .bool(regex.search(text))
        default: throw failure("no method '\(name)' on a string")
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
