extension DatabaseRules {
    /// May `auth` read `path`? True when a `.read` at the root or any level down to `path` allows it. `data` is
    /// the current data (the rules' `root` and `data`); `now` is the server's clock in milliseconds.
    public func canRead(
        _ path: DatabasePath, auth: RulesAuth?, now: Int64, data: some DatabaseSnapshotSource
    ) throws -> RulesDecision {
        var level: RulesNode? = root
        var variables: [String: String] = [:]
        var location = DatabasePath.root
        var failures: [String] = []
        for depth in 0...path.depth {
            guard let node = level else { break }
            if let rule = node.read {
                let (holds, why) = try evaluate(
                    rule, location: location, variables: variables, auth: auth, now: now, old: data, new: nil)
                if holds { return RulesDecision(allowed: true, rule: rule.place, reason: "\(rule.place) allows it") }
                if let why { failures.append("\(rule.place): \(why)") }
            }
            guard depth < path.depth else { break }
            let key = path.segments[depth]
            location = location.child(key)
            guard let next = node.child(key) else { break }
            if let (name, value) = next.binding { variables[name] = value }
            level = next.node
        }
        let detail = failures.isEmpty ? "" : " (" + failures.joined(separator: "; ") + ")"
        return RulesDecision(allowed: false, rule: nil, reason: "no .read rule allows reading \(path)\(detail)")
    }

    /// May `auth` make these writes (a set is one, a multi-location update several, each an absolute path and its
    /// resolved node; a path may end in `.priority`)? Every written location needs a `.write` at or above it, and
    /// every `.validate` on a changed node whose new value is not null must hold against the data as it would be.
    public func canWrite(
        _ writes: [(path: DatabasePath, node: DatabaseNode)], auth: RulesAuth?, now: Int64,
        data: some DatabaseSnapshotSource
    ) throws -> RulesDecision {
        let newData = OverlaySnapshotSource(base: data, writes: writes)
        var granted: [String] = []
        for write in writes {
            let target = write.path.isPriority ? write.path.parent! : write.path
            guard let rule = try firstGrantingWrite(target, auth: auth, now: now, old: data, new: newData) else {
                return RulesDecision(allowed: false, rule: nil, reason: "no .write rule allows writing \(target)")
            }
            granted.append(rule)
        }
        var validated = Set<DatabasePath>()
        for write in writes {
            let target = write.path.isPriority ? write.path.parent! : write.path
            if let failure = try validateAlong(
                target, write: write.path.isPriority ? nil : write.node, auth: auth, now: now, old: data,
                new: newData, validated: &validated)
            {
                return failure
            }
        }
        return RulesDecision(
            allowed: true, rule: granted.first, reason: "allowed by " + Set(granted).sorted().joined(separator: ", "))
    }

    /// May `auth` set `node` at `path`?
    public func canSet(
        _ node: DatabaseNode, at path: DatabasePath, auth: RulesAuth?, now: Int64, data: some DatabaseSnapshotSource
    ) throws -> RulesDecision {
        try canWrite([(path, node)], auth: auth, now: now, data: data)
    }

    /// The `.indexOn` entries declared for the children of `path` (child paths, or `.value`).
    public func indexOn(at path: DatabasePath) -> [String] {
        var node = root
        for key in path.segments {
            guard let next = node.child(key) else { return [] }
            node = next.node
        }
        return node.indexOn
    }

    /// True when a query on `index` at `path` is allowed by `.indexOn` (key and priority need no index).
    public func isIndexed(_ index: DatabaseIndex, at path: DatabasePath) -> Bool {
        guard let name = index.indexOnName else { return true }
        return indexOn(at: path).contains(name)
    }

    /// The REST error for an unindexed query, as Firebase words it:
    /// `Index not defined, add ".indexOn": "height", for path "/dinosaurs", to the rules`.
    public static func indexNotDefined(_ index: DatabaseIndex, at path: DatabasePath) -> DatabaseError {
        DatabaseError(
            .invalidQuery,
            "Index not defined, add \".indexOn\": \"\(index.indexOnName ?? index.wireName)\", for path \"\(path)\", "
                + "to the rules")
    }

    private func firstGrantingWrite(
        _ path: DatabasePath, auth: RulesAuth?, now: Int64, old: some DatabaseSnapshotSource,
        new: some DatabaseSnapshotSource
    ) throws -> String? {
        var level: RulesNode? = root
        var variables: [String: String] = [:]
        var location = DatabasePath.root
        for depth in 0...path.depth {
            guard let node = level else { return nil }
            if let rule = node.write,
                try evaluate(rule, location: location, variables: variables, auth: auth, now: now, old: old, new: new)
                    .0
            {
                return rule.place
            }
            guard depth < path.depth else { break }
            let key = path.segments[depth]
            location = location.child(key)
            guard let next = node.child(key) else { return nil }
            if let (name, value) = next.binding { variables[name] = value }
            level = next.node
        }
        return nil
    }

    /// Checks the `.validate` rules from the root down to `target` and, for a written node, below it.
    private func validateAlong(
        _ target: DatabasePath, write: DatabaseNode?, auth: RulesAuth?, now: Int64, old: some DatabaseSnapshotSource,
        new: some DatabaseSnapshotSource, validated: inout Set<DatabasePath>
    ) throws -> RulesDecision? {
        var level: RulesNode? = root
        var variables: [String: String] = [:]
        var location = DatabasePath.root
        for depth in 0...target.depth {
            guard let node = level else { return nil }
            if let rule = node.validate, !validated.contains(location) {
                validated.insert(location)
                if try new.summary(at: location).exists {
                    let (holds, why) = try evaluate(
                        rule, location: location, variables: variables, auth: auth, now: now, old: old, new: new)
                    if !holds { return failed(rule, at: location, why) }
                }
            }
            guard depth < target.depth else { break }
            let key = target.segments[depth]
            location = location.child(key)
            guard let next = node.child(key) else { return nil }
            if let (name, value) = next.binding { variables[name] = value }
            level = next.node
        }
        guard let write, let level else { return nil }
        return try validateBelow(
            write, at: target, rules: level, variables: variables, auth: auth, now: now, old: old, new: new,
            validated: &validated)
    }

    private func validateBelow(
        _ written: DatabaseNode, at path: DatabasePath, rules: RulesNode, variables: [String: String],
        auth: RulesAuth?, now: Int64, old: some DatabaseSnapshotSource, new: some DatabaseSnapshotSource,
        validated: inout Set<DatabasePath>
    ) throws -> RulesDecision? {
        for entry in written.children {
            guard let next = rules.child(entry.key) else { continue }
            let childPath = path.child(entry.key)
            var childVariables = variables
            if let (name, value) = next.binding { childVariables[name] = value }
            if let rule = next.node.validate, !validated.contains(childPath) {
                validated.insert(childPath)
                let (holds, why) = try evaluate(
                    rule, location: childPath, variables: childVariables, auth: auth, now: now, old: old, new: new)
                if !holds { return failed(rule, at: childPath, why) }
            }
            if let failure = try validateBelow(
                entry.node, at: childPath, rules: next.node, variables: childVariables, auth: auth, now: now, old: old,
                new: new, validated: &validated)
            {
                return failure
            }
        }
        return nil
    }

    private func failed(_ rule: CompiledRule, at location: DatabasePath, _ why: String?) -> RulesDecision {
        RulesDecision(
            allowed: false, rule: rule.place,
            reason: "\(rule.place) failed for \(location)" + (why.map { ": \($0)" } ?? ""))
    }

    private func evaluate(
        _ rule: CompiledRule, location: DatabasePath, variables: [String: String], auth: RulesAuth?, now: Int64,
        old: any DatabaseSnapshotSource, new: (any DatabaseSnapshotSource)?
    ) throws -> (Bool, String?) {
        switch rule.body {
        case .constant(let value):
            return (value, nil)
        case .expression(let expression):
            var evaluator = RuleEvaluator(
                old: old, new: new, auth: auth, now: now, location: location, variables: variables)
            return try evaluator.holds(expression)
        }
    }
}
