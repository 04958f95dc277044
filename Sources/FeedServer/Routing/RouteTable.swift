import HTTPTypes
import Hummingbird
import Locking

/// Every route of the server, recorded as controllers register them, so that what depends on the URL space — the
/// 405 answers, `OPTIONS`, the route tests — is derived from the registrations instead of written down again.
public final class RouteTable: Sendable {
    private let recorded = Locked<[(entry: RouteEntry, fast: FastResponder?)]>([])
    private let fastAnswerCount = Locked<Int>(0)

    /// How many requests the fast path has answered (see ``FastPathHandler``).
    public var fastAnswers: Int { fastAnswerCount.withLock { $0 } }

    func countFastAnswer() { fastAnswerCount.withLock { $0 += 1 } }

    /// The methods a 405 is answered for when a path does not serve them (HEAD is served wherever GET is).
    static let answeredMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .trace]
    /// The order methods are listed in an `Allow` header.
    static let canonicalOrder: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    public init() {}

    /// The routes the controllers registered, in registration order.
    public var entries: [RouteEntry] { recorded.withLock { $0.map(\.entry) } }

    /// The routes with the part of each that answers without waiting, when it has one.
    var routes: [(entry: RouteEntry, fast: FastResponder?)] { recorded.withLock { $0 } }

    func record(_ method: HTTPRequest.Method, _ path: String, _ group: RouteGroupKind, fast: FastResponder?) {
        recorded.withLock { $0.append((RouteEntry(method: method, path: path, group: group), fast)) }
    }

    /// Each registered path with the methods it serves (HEAD added wherever GET is), in registration order.
    public var paths: [(path: String, methods: [HTTPRequest.Method], group: RouteGroupKind)] {
        var order: [String] = []
        var methods: [String: [HTTPRequest.Method]] = [:]
        var groups: [String: RouteGroupKind] = [:]
        for entry in entries {
            if methods[entry.path] == nil { order.append(entry.path) }
            methods[entry.path, default: []].append(entry.method)
            // A path whose reads are cached and whose writes are not answers its 405s and OPTIONS uncached.
            if groups[entry.path] == nil || groups[entry.path]!.isCachedRead { groups[entry.path] = entry.group }
        }
        return order.map { path in
            var served = methods[path]!
            if served.contains(.get), !served.contains(.head) { served.append(.head) }
            return (path, served, groups[path]!)
        }
    }

    /// The `Allow` header of a path serving `methods`: them in canonical order, with `OPTIONS`.
    static func allowHeader(_ methods: some Collection<HTTPRequest.Method>) -> String {
        canonicalOrder.filter { methods.contains($0) || $0 == .options }.map(\.rawValue).joined(separator: ", ")
    }
}
