import Foundation

@testable import FeedServer

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The shape of an answer — which members it has and of which kind — read from a documented answer (JSON or XML)
/// or from the server's own, so the two can be compared member by member.
///
/// XML is read the way Flickr maps it to JSON (reference §1.1): attributes are scalar members, text is `_content`,
/// child elements are objects and repeated ones lists.
indirect enum DocumentedShape: Equatable {
    enum Kind: String {
        case string, number, bool, null
        /// An XML attribute or text: any scalar.
        case text
    }

    case scalar(Kind)
    case object([(String, DocumentedShape)])
    case list([DocumentedShape])

    static func == (lhs: DocumentedShape, rhs: DocumentedShape) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// Whether this shape came from XML (scalars are untyped text there, and one element cannot say whether it
    /// repeats).
    var isFromXML: Bool {
        switch self {
        case .scalar(let kind): kind == .text
        case .object(let members): members.contains { $0.1.isFromXML }
        case .list(let items): items.contains { $0.isFromXML }
        }
    }

    var members: [(String, DocumentedShape)] {
        if case .object(let members) = self { return members }
        return []
    }

    // MARK: Reading

    /// The shape of a JSON document; `stat`, the envelope's own member, is left out.
    static func json(_ data: Data) throws -> DocumentedShape {
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        let shape = json(value)
        if case .object(let members) = shape { return .object(members.filter { $0.0 != "stat" }) }
        return shape
    }

    static func json(_ value: JSONValue) -> DocumentedShape {
        switch value {
        case .null: .scalar(.null)
        case .bool: .scalar(.bool)
        case .int, .double: .scalar(.number)
        case .string: .scalar(.string)
        case .array(let items): .list(items.map(json))
        case .object(let members): .object(members.map { ($0.key, json($0.value)) })
        }
    }

    /// The shape of an XML document: the children of its root (`<rsp>`), as members.
    static func xml(_ data: Data) throws -> DocumentedShape {
        let reader = XMLTreeReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            throw DocumentedShapeError("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")")
        }
        return root.shape(asRoot: true)
    }
}

struct DocumentedShapeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An XML element while a document is read.
final class XMLTreeElement {
    let name: String
    let attributes: [String: String]
    var children: [XMLTreeElement] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Attributes, then `_content`, then children grouped by name (a repeated one as a list).
    func shape(asRoot: Bool = false) -> DocumentedShape {
        var members: [(String, DocumentedShape)] =
            asRoot
            ? [] : attributes.keys.sorted().map { ($0, .scalar(.text)) }
        if !asRoot, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            members.append(("_content", .scalar(.text)))
        }
        var order: [String] = []
        var groups: [String: [XMLTreeElement]] = [:]
        for child in children {
            if groups[child.name] == nil { order.append(child.name) }
            groups[child.name, default: []].append(child)
        }
        for name in order {
            let group = groups[name] ?? []
            members.append((name, group.count == 1 ? group[0].shape() : .list(group.map { $0.shape() })))
        }
        return .object(members)
    }
}

final class XMLTreeReader: NSObject, XMLParserDelegate {
    var root: XMLTreeElement?
    private var stack: [XMLTreeElement] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = XMLTreeElement(name: elementName, attributes: attributes)
        stack.last?.children.append(element)
        if root == nil { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
