// The three containers of ``FlickrTreeEncoder``: each appends to the node it was made for. Every primitive
// arrives through the generic `encode`, which files it as a scalar by its type (``FlickrTreeNode/scalar(_:)``).

struct FlickrKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: FlickrTreeNode
    var codingPath: [any CodingKey]

    private func append(_ key: Key, _ child: FlickrTreeNode) {
        guard case .keyed(var members) = node.state else { return }
        members.append((key.stringValue, child))
        node.state = .keyed(members)
    }

    /// Flickr has no nulls: a member without a value is left out.
    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        append(key, try FlickrTreeNode.encoding(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = FlickrTreeNode()
        child.state = .keyed([])
        append(key, child)
        return KeyedEncodingContainer(FlickrKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = FlickrTreeNode()
        child.state = .unkeyed([])
        append(key, child)
        return FlickrUnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { FlickrTreeEncoder(node: node, codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = FlickrTreeNode()
        append(key, child)
        return FlickrTreeEncoder(node: child, codingPath: codingPath + [key])
    }
}

struct FlickrUnkeyedContainer: UnkeyedEncodingContainer {
    let node: FlickrTreeNode
    var codingPath: [any CodingKey]

    var count: Int {
        if case .unkeyed(let items) = node.state { return items.count }
        return 0
    }

    private func append(_ child: FlickrTreeNode) {
        guard case .unkeyed(var items) = node.state else { return }
        items.append(child)
        node.state = .unkeyed(items)
    }

    mutating func encodeNil() throws {}

    mutating func encode(_ value: some Encodable) throws {
        append(try FlickrTreeNode.encoding(value, codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = FlickrTreeNode()
        child.state = .keyed([])
        append(child)
        return KeyedEncodingContainer(FlickrKeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = FlickrTreeNode()
        child.state = .unkeyed([])
        append(child)
        return FlickrUnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = FlickrTreeNode()
        append(child)
        return FlickrTreeEncoder(node: child, codingPath: codingPath)
    }
}

struct FlickrSingleValueContainer: SingleValueEncodingContainer {
    let node: FlickrTreeNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.state = .scalar(.text("")) }

    mutating func encode(_ value: some Encodable) throws {
        if let scalar = FlickrTreeNode.scalar(value) {
            node.state = .scalar(scalar)
        } else {
            try value.encode(to: FlickrTreeEncoder(node: node, codingPath: codingPath))
        }
    }
}
