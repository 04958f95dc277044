import FeedModels
import HTTPTypes
import Hummingbird

/// A group of routes sharing one middleware stack, as controllers see it. Registering a route here adds it to the
/// framework's router and records it in the ``RouteTable``: the one place each route is written down.
struct RouteGroup {
    typealias Handler<Output> = @Sendable (Request, FeedRequestContext) async throws -> Output

    let kind: RouteGroupKind
    let router: RouterGroup<FeedRequestContext>
    let table: RouteTable
    /// The group's middleware for answers made without waiting; nil when the group answers nothing that way.
    var fastStack: FastStack?

    func get<Output: ResponseGenerator>(_ path: String, use handler: @escaping Handler<Output>) {
        on(path, method: .get, use: handler)
    }

    /// A GET route whose `fast` part answers from memory when it can (see ``FastPathHandler``), and `handler`
    /// otherwise.
    func get<Output: ResponseGenerator>(
        _ path: String, fast: @escaping FastResponder, use handler: @escaping Handler<Output>
    ) {
        on(path, method: .get, fast: fast, use: handler)
    }

    func post<Output: ResponseGenerator>(_ path: String, use handler: @escaping Handler<Output>) {
        on(path, method: .post, use: handler)
    }

    func put<Output: ResponseGenerator>(_ path: String, use handler: @escaping Handler<Output>) {
        on(path, method: .put, use: handler)
    }

    func delete<Output: ResponseGenerator>(_ path: String, use handler: @escaping Handler<Output>) {
        on(path, method: .delete, use: handler)
    }

    /// The route of one of the API's operations, at its method and path (FeedModels' ``FeedOperation``, which
    /// FeedKit calls and the presenter links to, or ``ServerOperation``).
    func on<Output: ResponseGenerator>(_ operation: some APIOperation, use handler: @escaping Handler<Output>) {
        register(operation, use: handler)
    }

    private func register<Output: ResponseGenerator>(
        _ operation: some APIOperation, use handler: @escaping Handler<Output>
    ) {
        guard let method = HTTPRequest.Method(operation.method) else {
            preconditionFailure("\(operation) has no HTTP method: \(operation.method)")
        }
        on(operation.routePath, method: method, use: handler)
    }

    /// FeedKit's operations, written as `.listPhotos`: a leading-dot member needs a concrete type, which the generic
    /// overload above cannot give.
    func on<Output: ResponseGenerator>(_ operation: FeedOperation, use handler: @escaping Handler<Output>) {
        register(operation, use: handler)
    }

    func on<Output: ResponseGenerator>(
        _ path: String, method: HTTPRequest.Method, fast: FastResponder? = nil, use handler: @escaping Handler<Output>
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        table.record(method, path, kind, fast: method == .get ? fastStack?.responder(fast) : nil)
    }
}
