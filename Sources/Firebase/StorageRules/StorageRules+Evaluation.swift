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
