/// Encodes a `Codable` Flickr record as a ``FlickrTree``, from which both of Flickr's forms are written.
///
/// The record's shape says where each value goes, so one record type serves XML and JSON:
/// - a `String` is an attribute written as text, an integer (or `Bool`, as 0 or 1) one written as a number, a
///   `Double` one written as a decimal number;
/// - a member named `_content` is the element's text (``FlickrContent`` is an element holding only text);
/// - a nested record is a child element, an array a repeated child element;
/// - `nil` optionals are left out, as Flickr leaves out what a photo does not have.
public struct FlickrEncoder: Sendable {
    public init() {}

    /// The tree of `value`: an element whose members are the record's, in the order its `encode(to:)` writes them.
    public func tree(_ value: some Encodable) throws -> FlickrTree {
        let node = FlickrTreeNode()
        try value.encode(to: FlickrTreeEncoder(node: node, codingPath: []))
        return node.tree
    }
}

/// A part of the tree while a record encodes itself into it.
final class FlickrTreeNode {
    enum State {
        case empty
        case scalar(FlickrTree)
        case keyed([(String, FlickrTreeNode)])
        case unkeyed([FlickrTreeNode])
    }

    var state = State.empty

    var tree: FlickrTree {
        switch state {
        case .empty: .element([])
        case .scalar(let value): value
        case .keyed(let members): .element(members.map { FlickrTree.Member($0.0, $0.1.tree) })
        case .unkeyed(let items): .list(items.map(\.tree))
        }
    }

    /// Sets a scalar, the form a value takes in the tree by its type; nil for types that encode themselves.
    static func scalar(_ value: Any) -> FlickrTree? {
        switch value {
        case let text as String: .text(text)
        case let number as Int: .integer(number)
        case let number as Int64: .integer(Int(number))
        case let number as Int32: .integer(Int(number))
        case let number as UInt8: .integer(Int(number))
        case let flag as Bool: .integer(flag ? 1 : 0)
        case let number as Double: .decimal(number)
        case let number as Float: .decimal(Double(number))
        default: nil
        }
    }

    /// A child node holding `value`.
    static func encoding(_ value: some Encodable, codingPath: [any CodingKey]) throws -> FlickrTreeNode {
        let node = FlickrTreeNode()
        if let scalar = scalar(value) {
            node.state = .scalar(scalar)
        } else {
            try value.encode(to: FlickrTreeEncoder(node: node, codingPath: codingPath))
        }
        return node
    }
}

/// The `Encoder` a record writes itself to.
struct FlickrTreeEncoder: Encoder {
    let node: FlickrTreeNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.state {} else { node.state = .keyed([]) }
        return KeyedEncodingContainer(FlickrKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = node.state {} else { node.state = .unkeyed([]) }
        return FlickrUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FlickrSingleValueContainer(node: node, codingPath: codingPath)
    }
}
