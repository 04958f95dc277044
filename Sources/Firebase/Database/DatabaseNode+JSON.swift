extension DatabaseNode {
    /// The JSON text of this node, children in key order.
    public func json(format: DatabaseJSONFormat = .values, pretty: Bool = false) -> [UInt8] {
        var writer = JSONTextWriter(pretty: pretty)
        write(to: &writer, format: format)
        return writer.bytes
    }

    /// The JSON text as a string.
    public func jsonString(format: DatabaseJSONFormat = .values, pretty: Bool = false) -> String {
        String(decoding: json(format: format, pretty: pretty), as: UTF8.self)
    }

    /// `shallow=true`: a leaf as itself, an object as its keys each mapped to `true`.
    public func shallowJSON(pretty: Bool = false) -> [UInt8] {
        guard case .children(let children) = value else { return json(pretty: pretty) }
        var writer = JSONTextWriter(pretty: pretty)
        writer.beginObject()
        for (index, entry) in children.enumerated() {
            writer.separator(index)
            writer.key(entry.key)
            writer.write("true")
        }
        writer.endObject(empty: children.isEmpty)
        return writer.bytes
    }

    /// This node as a JSON value, for embedding in a WebSocket frame (`{"t":"d","d":{"b":{"d": …}}}`).
    public func jsonValue(format: DatabaseJSONFormat = .values) -> JSONValue {
        let plain: JSONValue
        switch value {
        case .null: plain = .null
        case .bool(let value): plain = .bool(value)
        case .number(let value): plain = .number(value)
        case .string(let value): plain = .string(value)
        case .children(let children):
            var members: [String: JSONValue] = [:]
            for entry in children { members[entry.key] = entry.node.jsonValue(format: format) }
            if format == .export, priority != nil { members[".priority"] = priorityNode.jsonValue() }
            return .object(members)
        }
        if format == .export, priority != nil {
            return .object([".value": plain, ".priority": priorityNode.jsonValue()])
        }
        return plain
    }

    /// Reads a stored or exported JSON text (no server values allowed), e.g. a console export being imported.
    public init(json bytes: [UInt8], at path: DatabasePath = .root) throws(DatabaseError) {
        let input = try DatabaseInput.parse(bytes, at: path)
        guard !input.containsServerValues else {
            throw DatabaseError(.invalidData, "Invalid data; server values can't be stored as they are.")
        }
        self = input.resolved(now: 0, existing: .null)
    }

    func write(to writer: inout JSONTextWriter, format: DatabaseJSONFormat) {
        let exportPriority = format == .export && priority != nil
        switch value {
        case .children(let children):
            writer.beginObject()
            var index = 0
            for entry in children {
                writer.separator(index)
                writer.key(entry.key)
                entry.node.write(to: &writer, format: format)
                index += 1
            }
            if exportPriority {
                writer.separator(index)
                writer.key(".priority")
                priorityNode.write(to: &writer, format: .values)
            }
            writer.endObject(empty: children.isEmpty && !exportPriority)
        default:
            if exportPriority {
                writer.beginObject()
                writer.separator(0)
                writer.key(".value")
                writeLeaf(to: &writer)
                writer.separator(1)
                writer.key(".priority")
                priorityNode.write(to: &writer, format: .values)
                writer.endObject(empty: false)
            } else {
                writeLeaf(to: &writer)
            }
        }
    }

    private func writeLeaf(to writer: inout JSONTextWriter) {
        switch value {
        case .null: writer.write("null")
        case .bool(let value): writer.write(value ? "true" : "false")
        case .number(let value): writer.writeNumber(value)
        case .string(let value): writer.writeString(value)
        case .children: break
        }
    }
}
