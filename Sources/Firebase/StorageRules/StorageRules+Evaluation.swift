extension StorageRules {
    /// The most sub-expressions one request may evaluate, and the deepest chain of function calls (Firebase's
    /// documented limit is 20).
    static let maximumSteps = 10_000
    static let maximumCallDepth = 20

    /// Judges `request` against the rules, `existing` being the stored object (the rules' `resource`; nil when
    /// there is none). Allowed when any `allow` for the request's operation, in any `match` that matches the whole
    /// path `/b/<bucket>/o/<object>`, has no condition or a condition that is true.
    public func evaluate(_ request: StorageRequest, existing: StorageObjectMetadata?) -> StorageRulesDecision {
        var objectSegments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if objectSegments.last == "" { objectSegments.removeLast() }
        let segments = ["b", request.bucket, "o"] + objectSegments
        var context = StorageEvaluationContext(
            request: Self.requestValue(request, segments: segments), resource: StorageValue(metadata: existing))
        var candidates: [(StorageAllow, [String: StorageValue], [StorageFunction])] = []
        collect(
            file.matches, remaining: segments[...], bindings: [:], functions: file.functions,
            operation: request.operation,
            into: &candidates)
        var failures: [String] = []
        for (allow, bindings, functions) in candidates {
            let place = "\(allow.line):\(allow.column) allow \(allow.methodsText)"
            guard let condition = allow.condition else {
                return StorageRulesDecision(allowed: true, rule: place, reason: "\(place) (unconditional)")
            }
            context.functions = functions
            context.bindings = bindings
            do {
                let value = try context.evaluate(condition, variables: bindings, callDepth: 0)
                if case .bool(true) = value {
                    return StorageRulesDecision(allowed: true, rule: place, reason: "\(place) allows it")
                }
                failures.append("\(place): false")
            } catch let error as StorageEvaluationError {
                failures.append("\(place): \(error.reason)")
            } catch {
                failures.append("\(place): \(error)")
            }
        }
        let path = "/b/\(request.bucket)/o/\(request.path)"
        if failures.isEmpty {
            return StorageRulesDecision(
                allowed: false, rule: nil, reason: "no rule allows \(request.operation.rawValue) on \(path)")
        }
        return StorageRulesDecision(
            allowed: false, rule: nil,
            reason: "no rule allows \(request.operation.rawValue) on \(path) (" + failures.joined(separator: "; ") + ")"
        )
    }

    private static func requestValue(_ request: StorageRequest, segments: [String]) -> StorageValue {
        var auth = StorageValue.null
        if let identity = request.auth {
            auth = .map(["uid": .string(identity.uid), "token": StorageValue(json: .object(identity.token))])
        }
        return .map([
            "auth": auth, "resource": StorageValue(metadata: request.resource), "time": .timestamp(request.time),
            "path": .path(segments), "method": .string(request.operation.rawValue),
        ])
    }

    /// Every `allow` for `operation` in a match that consumes the whole path, in file order, with its wildcard
    /// bindings and the functions in scope there.
    private func collect(
        _ matches: [StorageMatch], remaining: ArraySlice<String>, bindings: [String: StorageValue],
        functions: [StorageFunction], operation: StorageOperation,
        into candidates: inout [(StorageAllow, [String: StorageValue], [StorageFunction])]
    ) {
        for match in matches {
            for (rest, bound) in consume(match.segments[...], remaining, bindings) {
                let visible =
                    match.functions
                    + functions.filter { outer in
                        !match.functions.contains { $0.name == outer.name }
                    }
                if rest.isEmpty {
                    for allow in match.allows where allow.operations.contains(operation) {
                        candidates.append((allow, bound, visible))
                    }
                }
                collect(
                    match.matches, remaining: rest, bindings: bound, functions: visible, operation: operation,
                    into: &candidates)
            }
        }
    }

    /// The ways a match path consumes a prefix of the remaining segments.
    private func consume(
        _ pattern: ArraySlice<StorageMatch.Segment>, _ segments: ArraySlice<String>, _ bindings: [String: StorageValue]
    ) -> [(ArraySlice<String>, [String: StorageValue])] {
        guard let first = pattern.first else { return [(segments, bindings)] }
        var bound = bindings
        switch first {
        case .literal(let text):
            guard let segment = segments.first, segment == text else { return [] }
            return consume(pattern.dropFirst(), segments.dropFirst(), bound)
        case .single(let name):
            guard let segment = segments.first else { return [] }
            bound[name] = .string(segment)
            return consume(pattern.dropFirst(), segments.dropFirst(), bound)
        case .recursive(let name):
            // Always the last segment: it takes everything left (at least one segment under version 1).
            if file.version < 2 && segments.isEmpty { return [] }
            bound[name] = .path(Array(segments))
            return [(segments[segments.endIndex...], bound)]
        }
    }
}

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
