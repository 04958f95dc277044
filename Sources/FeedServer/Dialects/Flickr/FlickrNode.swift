import Foundation
import HTTPTypes
import Hummingbird

/// One element of a Flickr answer. Flickr writes the same tree as XML (`format=rest`) or as JSON (`format=json`),
/// mapping attributes to string (or number) members, text to `_content`, child elements to objects and repeated
/// elements to arrays; building the tree once gives both formats, the way Flickr's own answers agree.
struct FlickrNode: Sendable {
    enum Value: Sendable {
        case text(String)
        case number(Int)
    }

    /// A child element, or a repeated one (an array in JSON even when it holds one element or none).
    enum Child: Sendable {
        case node(FlickrNode)
        case list(String, [FlickrNode])
    }

    var name: String
    var attributes: [(name: String, value: Value)] = []
    var content: String?
    var children: [Child] = []

    init(_ name: String, _ attributes: [(String, Value)] = [], content: String? = nil, children: [Child] = []) {
        self.name = name
        self.attributes = attributes.map { (name: $0.0, value: $0.1) }
        self.content = content
        self.children = children
    }

    /// An element holding only text: `<title>…</title>`, `"title":{"_content":"…"}`.
    static func text(_ name: String, _ content: String) -> FlickrNode { FlickrNode(name, content: content) }

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = attributes.map { attribute in
            switch attribute.value {
            case .text(let text): (attribute.name, .string(text))
            case .number(let number): (attribute.name, .int(number))
            }
        }
        for child in children {
            switch child {
            case .node(let node): members.append((node.name, node.json))
            case .list(let name, let nodes): members.append((name, .array(nodes.map(\.json))))
            }
        }
        if let content { members.append(("_content", .string(content))) }
        return .object(members)
    }

    func writeXML(to xml: inout String, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        xml += indent + "<" + name
        for attribute in attributes {
            let value = switch attribute.value {
            case .text(let text): text
            case .number(let number): String(number)
            }
            xml += " \(attribute.name)=\"\(Self.escape(value))\""
        }
        let nodes = children.flatMap { child -> [FlickrNode] in
            switch child {
            case .node(let node): [node]
            case .list(_, let nodes): nodes
            }
        }
        if nodes.isEmpty, content == nil {
            xml += " />\n"
            return
        }
        xml += ">"
        if let content { xml += Self.escape(content) }
        if !nodes.isEmpty {
            xml += "\n"
            for node in nodes { node.writeXML(to: &xml, depth: depth + 1) }
            xml += indent
        }
        xml += "</\(name)>\n"
    }

    /// Text as XML: HTML's escapes, without the control characters XML 1.0 cannot carry, and newlines as
    /// references so that attribute values keep them.
    static func escape(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        return HTMLPage.escape(String(String.UnicodeScalarView(kept))).replacingOccurrences(of: "\n", with: "&#10;")
    }
}

/// A Flickr API error: answered with HTTP 200 and `stat="fail"`, as Flickr does (clients treat any other status as
/// a transport failure).
struct FlickrError: Error, Sendable {
    var code: Int
    var message: String

    init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    static let invalidKey = FlickrError(100, "Invalid API Key (Key not found)")
    static let missingKey = FlickrError(100, "Invalid API Key (Key has invalid format)")
    static let invalidSignature = FlickrError(96, "Invalid signature")
    static let missingSignature = FlickrError(97, "Missing signature")
    static let invalidToken = FlickrError(98, "Invalid auth token")
    static let notLoggedIn = FlickrError(99, "User not logged in / Insufficient permissions")
    static let photoNotFound = FlickrError(1, "Photo not found")
    static let userNotFound = FlickrError(1, "User not found")

    static func missingArgument(_ name: String) -> FlickrError {
        FlickrError(1, "Required parameter \"\(name)\" is missing")
    }
}

/// How a Flickr answer is written: `format=rest` (XML, the default) or `format=json`, wrapped in
/// `jsonFlickrApi(…)` (or the `jsoncallback` name) unless `nojsoncallback=1`.
enum FlickrFormat: Sendable {
    case xml
    case json(callback: String?)

    /// The format asked for; an unknown one is error 111, written as XML.
    static func from(_ parameters: [String: String]) -> Result<FlickrFormat, FlickrError> {
        switch parameters["format"] ?? "rest" {
        case "rest", "": return .success(.xml)
        case "json":
            if parameters["nojsoncallback"] == "1" { return .success(.json(callback: nil)) }
            let name = parameters["jsoncallback"] ?? "jsonFlickrApi"
            return .success(.json(callback: JSONValue.isCallbackName(name) ? name : "jsonFlickrApi"))
        case let other: return .failure(FlickrError(111, "Format \"\(other)\" not found"))
        }
    }

    /// A successful answer holding `nodes` (the children of `<rsp>`).
    func response(_ nodes: [FlickrNode]) -> Response {
        switch self {
        case .xml:
            var xml = "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"ok\">\n"
            for node in nodes { node.writeXML(to: &xml, depth: 1) }
            xml += "</rsp>\n"
            return Self.answer(Array(xml.utf8), contentType: "text/xml; charset=utf-8")
        case .json(let callback):
            let members = nodes.map { (key: $0.name, value: $0.json) } + [("stat", "ok")]
            return json(.object(members), callback: callback)
        }
    }

    func response(_ error: FlickrError) -> Response {
        switch self {
        case .xml:
            let xml = """
                <?xml version="1.0" encoding="utf-8" ?>
                <rsp stat="fail">
                \t<err code="\(error.code)" msg="\(FlickrNode.escape(error.message))" />
                </rsp>

                """
            return Self.answer(Array(xml.utf8), contentType: "text/xml; charset=utf-8")
        case .json(let callback):
            return json(
                .object([("stat", "fail"), ("code", .int(error.code)), ("message", .string(error.message))]),
                callback: callback
            )
        }
    }

    private func json(_ value: JSONValue, callback: String?) -> Response {
        value.response(headers: [.cacheControl: "no-store"], callback: callback)
    }

    static func answer(_ bytes: [UInt8], contentType: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
