/// Turns parsed JSON into a ``DatabaseInput``, applying Firebase's value rules with its REST texts.
struct DatabaseInputReader {
    let basePath: DatabasePath

    func read(_ json: PositionedJSON, depth: Int) throws(DatabaseError) -> DatabaseInput {
        switch json.kind {
        case .null: return DatabaseInput(content: .leaf(.null), priority: nil)
        case .bool(let value): return DatabaseInput(content: .leaf(.bool(value)), priority: nil)
        case .number(let value): return DatabaseInput(content: .leaf(.number(value)), priority: nil)
        case .string(let value):
            try checkString(value)
            return DatabaseInput(content: .leaf(.string(value)), priority: nil)
        case .array(let items):
            // Firebase keeps arrays as objects keyed by index; null entries are simply absent.
            var members: [String: DatabaseInput] = [:]
            try checkDepth(depth + 1)
            for (index, item) in items.enumerated() {
                let member = try read(item, depth: depth + 1)
                if !member.isNullLeaf { members[String(index)] = member }
            }
            return DatabaseInput(content: .children(members), priority: nil)
        case .object(let members):
            return try readObject(members, depth: depth)
        }
    }

    private func readObject(_ members: [PositionedJSON.Member], depth: Int) throws(DatabaseError) -> DatabaseInput {
        var priority: DatabaseInput.PriorityContent?
        var dotValue: PositionedJSON?
        var serverValue: PositionedJSON?
        var children: [String: DatabaseInput] = [:]
        var hasChildren = false
        for member in members {
            switch member.key {
            case ".priority":
                priority = try readPriority(member.value)
            case ".value":
                dotValue = member.value
            case ".sv":
                serverValue = member.value
            default:
                if let problem = DatabaseKey.problem(with: member.key) {
                    throw keyError(member, problem)
                }
                try checkDepth(depth + 1)
                hasChildren = true
                let child = try read(member.value, depth: depth + 1)
                children[member.key] = child.isNullLeaf ? nil : child
            }
        }
        if let dotValue {
            if hasChildren || serverValue != nil {
                throw DatabaseError(
                    .invalidData, "Invalid data; contains \".value\" child in addition to actual children.")
            }
            var inner = try read(dotValue, depth: depth)
            if priority != nil { inner.priority = priority }
            return inner
        }
        if let serverValue {
            if hasChildren {
                throw DatabaseError(
                    .invalidData, "Invalid data; contains \".sv\" child in addition to actual children.")
            }
            guard let server = ServerValue.parse(serverValue.plain) else {
                throw DatabaseError(
                    .invalidData,
                    "Invalid data; \".sv\" must be \"timestamp\" or {\"increment\": <number>}, not "
                        + serverValue.plain.serializedString() + ".")
            }
            return DatabaseInput(content: .server(server), priority: priority)
        }
        return DatabaseInput(content: .children(children), priority: priority)
    }

    private func readPriority(_ json: PositionedJSON) throws(DatabaseError) -> DatabaseInput.PriorityContent? {
        switch json.kind {
        case .null: return nil
        case .number(let value): return .value(.number(value))
        case .string(let value):
            try checkString(value)
            return .value(.string(value))
        case .object(let members) where members.count == 1 && members[0].key == ".sv":
            if let server = ServerValue.parse(members[0].value.plain) { return .server(server) }
        default: break
        }
        throw DatabaseError(
            .invalidData,
            "Invalid data; a priority must be a string, a finite number, a server value, or null.")
    }

    private func keyError(_ member: PositionedJSON.Member, _ problem: String) -> DatabaseError {
        if member.key.utf8.count > DatabaseLimits.maximumKeyBytes {
            return DatabaseError(.limitExceeded, "Invalid data; \(problem).")
        }
        let place = member.keyLine > 0 ? " beginning at \(member.keyLine):\(member.keyColumn)" : ""
        return DatabaseError(
            .invalidData,
            "Invalid data; couldn't parse key\(place). Key value can't be empty or contain $ # [ ] / or . "
                + "(key \"\(member.key)\": \(problem))")
    }

    private func checkDepth(_ depth: Int) throws(DatabaseError) {
        if depth > DatabaseLimits.maximumDepth {
            throw DatabaseError(
                .limitExceeded,
                "Invalid data; path specified exceeds the maximum depth that can be written "
                    + "(\(DatabaseLimits.maximumDepth)).")
        }
    }

    private func checkString(_ value: String) throws(DatabaseError) {
        if value.utf8.count > DatabaseLimits.maximumStringBytes {
            throw DatabaseError(
                .limitExceeded,
                "Invalid data; contains a string greater than \(DatabaseLimits.maximumStringBytes) utf8 bytes.")
        }
    }
}

extension DatabaseInput {
    var isNullLeaf: Bool {
        if case .leaf(.null) = content { return true }
        if case .children(let members) = content, members.isEmpty { return true }
        return false
    }
}
