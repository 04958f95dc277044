/// Reads the JSON of a rules document into ``RulesNode``s, compiling and checking every expression.
struct RulesDocumentReader {
    func readDocument(_ json: PositionedJSON) throws(RulesError) -> RulesNode {
        guard case .object(let members) = json.kind else {
            throw RulesError(line: json.line, rulePath: "", column: 0, reason: "The rules document must be an object.")
        }
        var rules: PositionedJSON?
        for member in members {
            guard member.key == "rules" else {
                throw RulesError(
                    line: member.keyLine, rulePath: "/" + member.key, column: 0,
                    reason: "Invalid key '\(member.key)': the document holds only \"rules\".")
            }
            rules = member.value
        }
        guard let rules else {
            throw RulesError(line: json.line, rulePath: "", column: 0, reason: "The document has no \"rules\".")
        }
        return try readNode(rules, place: "/rules", depth: 0, wildcards: [])
    }

    private func readNode(_ json: PositionedJSON, place: String, depth: Int, wildcards: Set<String>)
        throws(RulesError) -> RulesNode
    {
        guard case .object(let members) = json.kind else {
            throw RulesError(
                line: json.line, rulePath: place, column: 0,
                reason: "Expected an object of rules and children here.")
        }
        guard depth <= DatabaseLimits.maximumDepth else {
            throw RulesError(
                line: json.line, rulePath: place, column: 0,
                reason: "Rules nested deeper than \(DatabaseLimits.maximumDepth) levels.")
        }
        var read: CompiledRule?
        var write: CompiledRule?
        var validate: CompiledRule?
        var indexOn: [String] = []
        var children: [String: RulesNode] = [:]
        var wildcard: (name: String, node: RulesNode)?
        for member in members {
            let memberPlace = place + "/" + member.key
            func fail(_ reason: String) -> RulesError {
                RulesError(line: member.keyLine, rulePath: memberPlace, column: 0, reason: reason)
            }
            switch member.key {
            case ".read":
                read = try compile(member.value, place: memberPlace, allowsNewData: false, wildcards: wildcards)
            case ".write":
                write = try compile(member.value, place: memberPlace, allowsNewData: true, wildcards: wildcards)
            case ".validate":
                validate = try compile(member.value, place: memberPlace, allowsNewData: true, wildcards: wildcards)
            case ".indexOn":
                indexOn = try readIndexOn(member.value, place: memberPlace)
            default:
                if member.key.hasPrefix(".") { throw fail("Invalid rule key '\(member.key)'.") }
                if member.key.hasPrefix("$") {
                    let name = member.key
                    if wildcard != nil { throw fail("Only one $ wildcard is allowed at a level.") }
                    if wildcards.contains(name) { throw fail("Duplicate wildcard variable '\(name)'.") }
                    let nameRest = name.dropFirst()
                    if nameRest.isEmpty || !nameRest.unicodeScalars.allSatisfy({ RulesRegex.isWord($0) }) {
                        throw fail("Invalid wildcard name '\(name)'.")
                    }
                    let node = try readNode(
                        member.value, place: memberPlace, depth: depth + 1, wildcards: wildcards.union([name]))
                    wildcard = (name, node)
                } else {
                    if let problem = DatabaseKey.problem(with: member.key) {
                        throw fail("Invalid key '\(member.key)': \(problem).")
                    }
                    children[member.key] = try readNode(
                        member.value, place: memberPlace, depth: depth + 1, wildcards: wildcards)
                }
            }
        }
        return RulesNode(
            read: read, write: write, validate: validate, indexOn: indexOn, children: children, wildcard: wildcard)
    }

    private func compile(_ json: PositionedJSON, place: String, allowsNewData: Bool, wildcards: Set<String>)
        throws(RulesError) -> CompiledRule
    {
        switch json.kind {
        case .bool(let value):
            return CompiledRule(body: .constant(value), place: place, line: json.line)
        case .string(let text):
            do {
                let expression = try RuleParser.parse(text)
                try RuleChecker(allowsNewData: allowsNewData, wildcards: wildcards).checkRule(expression)
                return CompiledRule(body: .expression(expression), place: place, line: json.line)
            } catch {
                throw RulesError(line: json.line, rulePath: place, column: error.column, reason: error.reason)
            }
        default:
            throw RulesError(
                line: json.line, rulePath: place, column: 0,
                reason: "A rule must be a string expression or a boolean.")
        }
    }

    private func readIndexOn(_ json: PositionedJSON, place: String) throws(RulesError) -> [String] {
        var names: [String] = []
        switch json.kind {
        case .string(let name): names = [name]
        case .array(let items):
            for item in items {
                guard case .string(let name) = item.kind else {
                    throw RulesError(
                        line: item.line, rulePath: place, column: 0, reason: ".indexOn must list strings.")
                }
                names.append(name)
            }
        default:
            throw RulesError(
                line: json.line, rulePath: place, column: 0,
                reason: ".indexOn must be a string or an array of strings.")
        }
        for name in names where name != ".value" {
            guard let path = try? DatabasePath(name), !path.isRoot else {
                throw RulesError(
                    line: json.line, rulePath: place, column: 0,
                    reason: "Invalid .indexOn entry '\(name)': it must be a child path or \".value\".")
            }
        }
        return names
    }
}
