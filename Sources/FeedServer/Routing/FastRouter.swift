import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The part of a route that can answer without waiting (from memory, on the event loop), or nil to leave the request
/// to the route's handler. It must answer exactly what the handler would.
typealias FastResponder = @Sendable (FastRequest) -> ImmediateResponse?

/// Finds the route a path names the way the router does — constant segments before parameters, trying the next
/// branch when one leads nowhere — and answers with its fast responder, if it has one.
struct FastRouter: Sendable {
    private final class Node: @unchecked Sendable {
        var constants: [Substring: Node] = [:]
        var parameter: (name: Substring, node: Node)?
        var responders: [HTTPRequest.Method: FastResponder] = [:]
        /// The path of the routes that end here as the router names it (`/img/{id}`), for the metrics.
        var path = ""
        /// The methods routes serve here; empty where no route ends.
        var methods: Set<HTTPRequest.Method> = []
        var isRoute: Bool { !methods.isEmpty }
    }

    private let root = Node()
    private let table: RouteTable

    init(_ table: RouteTable) {
        self.table = table
        for (entry, responder) in table.routes {
            var node = root
            for segment in entry.path.split(separator: "/") {
                if segment.hasPrefix(":") {
                    if node.parameter == nil { node.parameter = (segment.dropFirst(), Node()) }
                    node = node.parameter!.node
                } else {
                    if node.constants[segment] == nil { node.constants[segment] = Node() }
                    node = node.constants[segment]!
                }
            }
            node.path = entry.path.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            node.methods.insert(entry.method)
            if entry.method == .get { node.methods.insert(.head) }
            if let responder { node.responders[entry.method] = responder }
        }
    }

    /// Whether some route has a fast responder.
    var isEmpty: Bool { Self.isEmpty(root) }

    private static func isEmpty(_ node: Node) -> Bool {
        node.responders.isEmpty && node.constants.values.allSatisfy(isEmpty)
            && (node.parameter.map { isEmpty($0.node) } ?? true)
    }

    /// The fast answer to `head` and the path of the route that gave it, or nil to leave the request to the router.
    /// Only plain GET and HEAD requests to plain paths (no empty, dotted or percent-encoded segments) are tried.
    func answer(_ head: HTTPRequest, origin: String, remoteAddress: String?)
        -> (response: ImmediateResponse, route: String)?
    {
        guard head.method == .get || head.method == .head else { return nil }
        let path = head.targetPath
        guard Self.isPlain(path) else { return nil }
        var parameters: [(name: Substring, value: Substring)] = []
        guard let node = Self.resolve(path.split(separator: "/")[...], from: root, &parameters) else { return nil }
        let method = head.method == .head ? .get : head.method
        guard let responder = node.responders[head.method] ?? node.responders[method],
            let answer = responder(
                FastRequest(head: head, parameters: parameters, remoteAddress: remoteAddress, origin: origin))
        else { return nil }
        table.countFastAnswer()
        return (answer, node.path)
    }

    /// The `Allow` header of the route `path` names (as the router finds it), or nil when it names none.
    func allow(forPath path: Substring) -> String? {
        var parameters: [(name: Substring, value: Substring)] = []
        return Self.resolve(path.split(separator: "/")[...], from: root, &parameters).map {
            RouteTable.allowHeader($0.methods)
        }
    }

    /// A path that starts with `/` and has no `%`, no empty segment and no segment starting with a dot (checked
    /// byte by byte: Foundation's substring search cost more than the rest of the routing).
    static func isPlain(_ path: Substring) -> Bool {
        var previous: UInt8 = 0
        for (index, byte) in path.utf8.enumerated() {
            if index == 0, byte != UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: "%") { return false }
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return previous != 0
    }

    private static func resolve(
        _ segments: ArraySlice<Substring>, from node: Node, _ parameters: inout [(name: Substring, value: Substring)]
    ) -> Node? {
        guard let segment = segments.first else { return node.isRoute ? node : nil }
        let rest = segments.dropFirst()
        if let constant = node.constants[segment], let found = resolve(rest, from: constant, &parameters) {
            return found
        }
        if let (name, child) = node.parameter {
            parameters.append((name, segment))
            if let found = resolve(rest, from: child, &parameters) { return found }
            parameters.removeLast()
        }
        return nil
    }
}
