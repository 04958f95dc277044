/// A value a client wants written, parsed from its JSON and checked against every rule Firebase applies to data,
/// but with its server values (``ServerValue``) not yet filled in: the store resolves it against the current data
/// inside the write's transaction with ``resolved(now:existing:)``.
///
/// Mirrors firebase-js-sdk `core/snap/nodeFromJSON.ts` (arrays become objects keyed `0`, `1`…; `.value` and
/// `.priority` members; null children dropped) and the checks of `validateFirebaseData` in
/// `core/util/validation.ts` (keys, `.value` beside children, string size, depth), with the REST server's texts.
public struct DatabaseInput: Sendable, Hashable {
    indirect enum Content: Sendable, Hashable {
        case leaf(DatabaseNode.Value)
        case server(ServerValue)
        case children([String: DatabaseInput])
    }

    enum PriorityContent: Sendable, Hashable {
        case value(DatabasePriority)
        case server(ServerValue)
    }

    var content: Content
    var priority: PriorityContent?

    /// A value with no server values in it.
    public init(_ node: DatabaseNode) {
        switch node.value {
        case .children(let children):
            var members: [String: DatabaseInput] = [:]
            for entry in children { members[entry.key] = DatabaseInput(entry.node) }
            content = .children(members)
        default:
            content = .leaf(node.value)
        }
        priority = node.priority.map(PriorityContent.value)
    }

    init(content: Content, priority: PriorityContent?) {
        self.content = content
        self.priority = priority
    }

    /// Parses a request body written at `path` (the depth limit counts from the root).
    public static func parse(_ bytes: [UInt8], at path: DatabasePath) throws(DatabaseError) -> DatabaseInput {
        let json: PositionedJSON
        do {
            // Depth is checked below with Firebase's own message; the parser's limit only guards the stack.
            json = try JSONParser.parse(bytes, options: JSONParseOptions(maximumNesting: 200))
        } catch {
            throw DatabaseError.unparsableJSON
        }
        return try DatabaseInputReader(basePath: path).read(json, depth: path.depth)
    }

    /// Reads an already parsed JSON value (a WebSocket `p` or `m` body's `d`) written at `path`.
    public init(json: JSONValue, at path: DatabasePath) throws(DatabaseError) {
        self = try DatabaseInputReader(basePath: path).read(PositionedJSON(plain: json), depth: path.depth)
    }

    /// True when some part waits for the server's clock or the current data.
    public var containsServerValues: Bool { !serverValuePaths.isEmpty }

    /// The paths, relative to the write's location, whose current value the server values need (each
    /// increment's place; a priority's parent). A store reads just these before ``resolved(now:existing:)``.
    public var serverValuePaths: [DatabasePath] {
        var paths: [DatabasePath] = []
        collectServerValuePaths(prefix: .root, into: &paths)
        return paths
    }

    private func collectServerValuePaths(prefix: DatabasePath, into paths: inout [DatabasePath]) {
        if case .server? = priority { paths.append(prefix) }
        switch content {
        case .server: if paths.last != prefix { paths.append(prefix) }
        case .children(let members):
            for (key, member) in members { member.collectServerValuePaths(prefix: prefix.child(key), into: &paths) }
        case .leaf: break
        }
    }

    /// The node to store: server values filled in from `now` (milliseconds since 1970) and from the current
    /// node at their place, which `existing` returns for a path relative to the write's location.
    public func resolved(now: Int64, existing: (DatabasePath) -> DatabaseNode) -> DatabaseNode {
        resolved(now: now, at: .root, existing: existing)
    }

    /// The node to store, with server values resolved against `existing`, the current node at the write's
    /// location.
    public func resolved(now: Int64, existing: DatabaseNode) -> DatabaseNode {
        resolved(now: now) { existing.node(at: $0) }
    }

    private func resolved(now: Int64, at path: DatabasePath, existing: (DatabasePath) -> DatabaseNode)
        -> DatabaseNode
    {
        let resolvedPriority: DatabasePriority?
        switch priority {
        case nil: resolvedPriority = nil
        case .value(let value)?: resolvedPriority = value
        case .server(let server)?:
            resolvedPriority = server.resolved(now: now, existing: existing(path).priorityNode).asPriority
        }
        switch content {
        case .leaf(let value):
            return DatabaseNode(value, priority: resolvedPriority)
        case .server(let server):
            return server.resolved(now: now, existing: existing(path)).withPriority(resolvedPriority)
        case .children(let members):
            var children: [String: DatabaseNode] = [:]
            for (key, member) in members {
                children[key] = member.resolved(now: now, at: path.child(key), existing: existing)
            }
            return DatabaseNode(children: children, priority: resolvedPriority)
        }
    }
}

extension PositionedJSON {
    /// A positionless copy of a plain value (line 0 means "no place known").
    init(plain: JSONValue) {
        switch plain {
        case .null: self.init(kind: .null, line: 0, column: 0)
        case .bool(let value): self.init(kind: .bool(value), line: 0, column: 0)
        case .number(let value): self.init(kind: .number(value), line: 0, column: 0)
        case .string(let value): self.init(kind: .string(value), line: 0, column: 0)
        case .array(let items): self.init(kind: .array(items.map(PositionedJSON.init(plain:))), line: 0, column: 0)
        case .object(let members):
            self.init(
                kind: .object(
                    members.map { .init(key: $0.key, keyLine: 0, keyColumn: 0, value: PositionedJSON(plain: $0.value)) }
                ),
                line: 0, column: 0)
        }
    }
}
