/// The snapshot methods (`val`, `child`, `parent`, `exists`, `hasChild`, `hasChildren`, `isString`, `isNumber`,
/// `isBoolean`, `numChildren`, `getPriority`) and string methods rules call, each data read counted.
extension RuleEvaluator {
    mutating func source(_ snapshot: RuleSnapshot) throws -> any DatabaseSnapshotSource {
        reads += 1
        if reads > Self.maximumReads { throw failure("more than \(Self.maximumReads) reads of the data") }
        if snapshot.isNew {
            guard let new else { throw failure("newData is not available when reading") }
            return new
        }
        return old
    }

    func childPath(_ snapshot: RuleSnapshot, _ argument: RuleValue) throws -> DatabasePath {
        guard case .string(let text) = argument else { throw failure("a child path must be a string") }
        guard let relative = try? DatabasePath(text), !relative.isRoot else {
            throw failure("'\(text)' is not a valid child path")
        }
        let path = snapshot.path.appending(relative)
        guard path.depth <= DatabaseLimits.maximumDepth else { throw failure("child path too deep") }
        return path
    }

    mutating func callSnapshot(_ snapshot: RuleSnapshot, _ name: String, _ arguments: [RuleValue]) throws
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

    func callString(_ text: String, _ name: String, _ arguments: [RuleValue]) throws -> RuleValue {
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
