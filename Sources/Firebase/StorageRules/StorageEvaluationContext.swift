/// The state of one request's evaluation: its `request` and `resource`, the functions in scope, the step budget.
struct StorageEvaluationContext {
    let request: StorageValue
    let resource: StorageValue
    var functions: [StorageFunction] = []
    /// The wildcard values of the matched path, which functions declared inside a match also see.
    var bindings: [String: StorageValue] = [:]
    var steps = 0

    init(request: StorageValue, resource: StorageValue) {
        self.request = request
        self.resource = resource
    }

    func fail(_ reason: String) -> StorageEvaluationError { StorageEvaluationError(reason: reason) }

    mutating func evaluate(_ expression: StorageExpression, variables: [String: StorageValue], callDepth: Int) throws
        -> StorageValue
    {
        steps += 1
        if steps > StorageRules.maximumSteps {
            throw fail("more than \(StorageRules.maximumSteps) steps evaluated")
        }
        func sub(_ inner: StorageExpression) throws -> StorageValue {
            try evaluate(inner, variables: variables, callDepth: callDepth)
        }
        switch expression.kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value): return .integer(value)
        case .float(let value): return .float(value)
        case .string(let value): return .string(value)
        case .list(let items): return .list(try items.map(sub))
        case .map(let entries):
            var members: [String: StorageValue] = [:]
            for (key, value) in entries { members[key] = try sub(value) }
            return .map(members)
        case .variable(let name):
            if let value = variables[name] { return value }
            switch name {
            case "request": return request
            case "resource": return resource
            case "timestamp", "duration": return .namespace(name)
            default: throw fail("unknown variable '\(name)'")
            }
        case .member(let base, let name):
            let value = try sub(base)
            guard case .map(let members) = value else {
                throw fail("can't read '\(name)' of \(value.typeName)")
            }
            guard let member = members[name] else { throw fail("no property '\(name)'") }
            return member
        case .index(let base, let key):
            return try index(try sub(base), try sub(key))
        case .call(let receiver, let name, let arguments):
            let values = try arguments.map(sub)
            if let receiver {
                return try callMethod(try sub(receiver), name, values)
            }
            return try callFunction(name, values, callDepth: callDepth)
        case .unary(let op, let operand):
            let value = try sub(operand)
            switch (op, value) {
            case ("!", .bool(let flag)): return .bool(!flag)
            case ("-", .integer(let number)):
                guard number != .min else { throw fail("integer overflow") }
                return .integer(-number)
            case ("-", .float(let number)): return .float(-number)
            default: throw fail("\(op) can't apply to \(value.typeName)")
            }
        case .isType(let operand, let type):
            let value = try sub(operand)
            switch (type, value) {
            case ("number", .integer), ("number", .float): return .bool(true)
            default: return .bool(value.typeName == type)
            }
        case .conditional(let condition, let whenTrue, let whenFalse):
            guard case .bool(let flag) = try sub(condition) else { throw fail("?: needs a boolean condition") }
            return try sub(flag ? whenTrue : whenFalse)
        case .binary(let op, let left, let right):
            if op == "&&" || op == "||" {
                return try logical(op, left, right, variables: variables, callDepth: callDepth)
            }
            return try StorageOperators.apply(op, try sub(left), try sub(right))
        }
    }

    /// `&&` and `||` as the rules language has them: an error on one side is absorbed when the other side alone
    /// decides (`false && error` is false, `error || true` is true).
    private mutating func logical(
        _ op: String, _ left: StorageExpression, _ right: StorageExpression, variables: [String: StorageValue],
        callDepth: Int
    ) throws -> StorageValue {
        let decisive = op == "||"
        var leftError: Error?
        do {
            let value = try evaluate(left, variables: variables, callDepth: callDepth)
            guard case .bool(let flag) = value else { throw fail("\(op) needs booleans, not \(value.typeName)") }
            if flag == decisive { return .bool(decisive) }
        } catch let error as StorageEvaluationError where !error.reason.hasPrefix("more than") {
            leftError = error
        }
        let value = try evaluate(right, variables: variables, callDepth: callDepth)
        guard case .bool(let flag) = value else { throw fail("\(op) needs booleans, not \(value.typeName)") }
        if flag == decisive { return .bool(decisive) }
        if let leftError { throw leftError }
        return .bool(!decisive)
    }

    private func index(_ container: StorageValue, _ key: StorageValue) throws -> StorageValue {
        switch (container, key) {
        case (.map(let members), .string(let name)):
            guard let value = members[name] else { throw fail("no key '\(name)'") }
            return value
        case (.list(let items), .integer(let position)):
            guard position >= 0, position < items.count else { throw fail("index \(position) out of range") }
            return items[Int(position)]
        case (.path(let segments), .integer(let position)):
            guard position >= 0, position < segments.count else { throw fail("index \(position) out of range") }
            return .string(segments[Int(position)])
        case (.string(let text), .integer(let position)):
            let characters = Array(text)
            guard position >= 0, position < characters.count else { throw fail("index \(position) out of range") }
            return .string(String(characters[Int(position)]))
        default:
            throw fail("can't index \(container.typeName) with \(key.typeName)")
        }
    }

    private mutating func callFunction(_ name: String, _ arguments: [StorageValue], callDepth: Int) throws
        -> StorageValue
    {
        guard callDepth < StorageRules.maximumCallDepth else {
            throw fail("function calls nested deeper than \(StorageRules.maximumCallDepth)")
        }
        guard let function = functions.first(where: { $0.name == name }),
            function.parameters.count == arguments.count
        else { throw fail("unknown function '\(name)'") }
        var scope = bindings
        for (parameter, argument) in zip(function.parameters, arguments) { scope[parameter] = argument }
        for (variable, value) in function.lets {
            scope[variable] = try evaluate(value, variables: scope, callDepth: callDepth + 1)
        }
        return try evaluate(function.body, variables: scope, callDepth: callDepth + 1)
    }

    private func callMethod(_ receiver: StorageValue, _ name: String, _ arguments: [StorageValue]) throws
        -> StorageValue
    {
        try StorageMethods.call(receiver, name, arguments)
    }
}
