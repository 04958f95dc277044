extension DocumentedShape {
    /// What a documented answer asks of an answer: every member it has, of the kind it has.
    struct Rules {
        /// Paths (`photo/notes/note`) the library cannot fill, with why: missing or empty there is no problem.
        var absent: [String: String] = [:]
        /// Member names (`*` at the end matches any rest: `height_*`) whose documented kind is "string or number".
        var flexibleScalars: [String] = []
        /// Whether the answer is XML, where scalars are untyped, one element cannot say whether it repeats, and
        /// empty text cannot be told from none.
        var answerIsXML = false

        func isFlexible(_ name: String) -> Bool {
            flexibleScalars.contains { rule in
                rule.hasSuffix("*") ? name.hasPrefix(rule.dropLast()) : name == rule
            }
        }
    }

    /// Every way `answer` falls short of this documented shape, each a sentence naming the path. Empty when the
    /// answer has every documented member with its documented kind.
    func problems(in answer: DocumentedShape, rules: Rules, path: String = "") -> [String] {
        let lenient = isFromXML || rules.answerIsXML
        switch (self, answer) {
        case (.scalar(let documented), .scalar(let actual)):
            if documented == .null || documented == .text || actual == .text || documented == actual { return [] }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if rules.isFlexible(name), [.string, .number].contains(documented), [.string, .number].contains(actual) {
                return []
            }
            return ["\(path): documented as a \(documented.rawValue), answered as a \(actual.rawValue)"]
        case (.scalar(let documented), _) where documented == .null:
            return []
        case (.object, .object):
            return objectProblems(in: answer, rules: rules, path: path)
        case (.object, .list(let items)) where lenient:
            return items.flatMap { problems(in: $0, rules: rules, path: path) }
        case (.list(let documented), .object) where lenient:
            return DocumentedShape.list(documented).problems(in: .list([answer]), rules: rules, path: path)
        case (.list(let documented), .list(let items)):
            guard !documented.isEmpty else { return [] }
            guard !items.isEmpty else {
                return rules.absent[path] == nil ? ["\(path): documented with items, answered empty"] : []
            }
            return Self.merged(documented).listProblems(in: items, rules: rules, path: path)
        default:
            return ["\(path): documented as \(kindName), answered as \(answer.kindName)"]
        }
    }

    private var kindName: String {
        switch self {
        case .scalar(let kind): "a \(kind.rawValue)"
        case .object: "an object"
        case .list: "a list"
        }
    }

    private func objectProblems(in answer: DocumentedShape, rules: Rules, path: String) -> [String] {
        let answered = Dictionary(answer.members, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for (name, documented) in members {
            let memberPath = path.isEmpty ? name : path + "/" + name
            guard rules.absent[memberPath] == nil else { continue }
            // XML cannot tell empty text from none (`<description />`, as Flickr writes it).
            if name == "_content", rules.answerIsXML { continue }
            guard let actual = answered[name] else {
                problems.append("\(memberPath): documented, missing")
                continue
            }
            problems += documented.problems(in: actual, rules: rules, path: memberPath)
        }
        return problems
    }

    /// The items of a documented list as one shape: an object has every member any item has; a member some items
    /// lack is `optional` (it must then be in at least one answered item, not in each).
    struct MergedItem {
        var shape: DocumentedShape
        var optional: Set<String>
    }

    static func merged(_ items: [DocumentedShape]) -> MergedItem {
        guard case .object = items.first else { return MergedItem(shape: items[0], optional: []) }
        var order: [String] = []
        var byName: [String: DocumentedShape] = [:]
        var counts: [String: Int] = [:]
        for item in items {
            for (name, shape) in item.members {
                if byName[name] == nil {
                    order.append(name)
                    byName[name] = shape
                } else if case .scalar(let kind) = shape, case .scalar(let seen) = byName[name], kind != seen {
                    // Documented both ways (getSizes' width is a number in one entry, text in the next).
                    byName[name] = .scalar(.null)
                }
                counts[name, default: 0] += 1
            }
        }
        return MergedItem(
            shape: .object(order.map { ($0, byName[$0]!) }),
            optional: Set(order.filter { counts[$0, default: 0] < items.count }))
    }
}

extension DocumentedShape.MergedItem {
    func listProblems(in items: [DocumentedShape], rules: DocumentedShape.Rules, path: String) -> [String] {
        guard case .object(let members) = shape else {
            return items.flatMap { shape.problems(in: $0, rules: rules, path: path) }
        }
        var problems: [String] = []
        let required = DocumentedShape.object(members.filter { !optional.contains($0.0) })
        for item in items { problems += required.problems(in: item, rules: rules, path: path) }
        for (name, documented) in members where optional.contains(name) {
            let memberPath = path + "/" + name
            guard rules.absent[memberPath] == nil else { continue }
            let answered = items.compactMap { item in item.members.first { $0.0 == name }?.1 }
            if answered.isEmpty {
                problems.append("\(memberPath): documented on some items, missing on every one")
            } else {
                problems += answered.flatMap { documented.problems(in: $0, rules: rules, path: memberPath) }
            }
        }
        return Array(Set(problems)).sorted()
    }
}
