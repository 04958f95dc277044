import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A request as the fast path sees it: the head, the route's parameters and who sent it. There is no body: the
/// fast path answers only GET and HEAD.
struct FastRequest {
    let head: HTTPRequest
    let parameters: [(name: Substring, value: Substring)]
    let remoteAddress: String?
    /// The origin the request is for (see ``SiteOrigin``).
    let origin: String

    func parameter(_ name: String) -> Substring? {
        parameters.first { $0.name == name }?.value
    }
}

/// The part of a route that can answer without waiting (from memory, on the event loop), or nil to leave the request
/// to the route's handler. It must answer exactly what the handler would.
typealias FastResponder = @Sendable (FastRequest) -> ImmediateResponse?

/// The synchronous twin of a group's middleware stack: what the group's middleware would add to an answer made
/// without waiting, built from the same functions. A group that has none leaves every request to the router.
struct FastStack: Sendable {
    /// The group answers cross-origin requests (CORS).
    var cors = false
    /// The group's rate limiter and how it counts.
    var limiter: (SharedRateLimiter, RateLimitMiddleware.Style)?
    /// The group authenticates callers: only requests without a token or session cookie are answered fast, since
    /// the answer does not depend on who an anonymous caller or an app is — and only from a registered app (the
    /// limiter's key is found only for a key the ``CredentialDirectory`` remembers as real) or, unless keys are
    /// required, from no app at all.
    var authenticates = false
    /// The group refuses callers without a credential (``Configuration/requireClientID``).
    var requiresCredential = false
    /// The group answers reads from the response cache, with the origin its keys need.
    var cache: ResponseCache?
    /// The group counts a successful answer as a view of the photo its `id` parameter names.
    var views: ViewCounter?

    /// The fast responder of a route in this group, from the route's own (`route`, when it has one).
    func responder(_ route: FastResponder?) -> FastResponder? {
        if let cache {
            return { request in self.respond(request) { Self.cachedAnswer(request, cache) } }
        }
        guard let route else { return nil }
        return { request in self.respond(request) { route(request) } }
    }

    private func respond(_ request: FastRequest, _ answer: () -> ImmediateResponse?) -> ImmediateResponse? {
        let fields = request.head.headerFields
        if authenticates {
            if let authorization = fields[.authorization], authorization.lowercased().hasPrefix("bearer") { return nil }
            if fields[.cookie]?.contains(SessionCookie.name) == true { return nil }
            if requiresCredential, ClientKey.from(request.head) == nil { return nil }
        }
        guard var response = answer() else { return nil }
        if let (limiter, style) = limiter {
            guard let key = style.keyWithoutWaiting(request.head, remoteAddress: request.remoteAddress),
                let state = limiter.hitWithoutWaiting(key)
            else { return nil }
            style.report(state, in: &response.headers)
        }
        if cors, fields[.origin] != nil { CORSHeadersMiddleware<FeedRequestContext>.allow(&response.headers) }
        views?.record(
            answer: response.status, to: request.head.method, photo: request.parameter("id").map(String.init), userID: nil,
            address: request.remoteAddress
        )
        return response
    }

    /// The response cache's answer for an anonymous GET, when it holds one in the current generation.
    static func cachedAnswer(_ request: FastRequest, _ cache: ResponseCache) -> ImmediateResponse? {
        guard request.head.method == .get, let generation = cache.trustedGeneration() else { return nil }
        let key = ResponseCache.Key(target: request.head.path ?? "/", origin: request.origin, viewer: "")
        guard let entry = cache.peek(key, generation: generation) else { return nil }
        var answer = entry.answer(request.head.headerFields)
        answer.headers[.cacheStatus] = ResponseCacheMiddleware.hit
        return answer
    }
}

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
        node.responders.isEmpty && node.constants.values.allSatisfy(isEmpty) && (node.parameter.map { isEmpty($0.node) } ?? true)
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
            let answer = responder(FastRequest(head: head, parameters: parameters, remoteAddress: remoteAddress, origin: origin))
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
