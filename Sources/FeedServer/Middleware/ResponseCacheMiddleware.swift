import FeedStore
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers repeated reads of the public API from ``ResponseCache``: the feed, photos, search, users, albums and
/// devices. Anything with a side effect (`/photos/random`, `/photos/:id/download`), personal (`/me`) or not JSON
/// (images, the web app) goes straight through, as does every method but GET.
struct ResponseCacheMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let cache: ResponseCache
    let publicURL: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // GET only: the router answers HEAD through the GET route with a body that is never written, so a HEAD
        // would never finish making an entry (and everyone waiting for it would wait for ever).
        guard request.method == .get, Self.isCacheable(path: request.uri.path),
            let generation = await cache.generation()
        else { return try await next(request, context) }
        let key = ResponseCache.Key(
            target: request.uri.description, origin: Presenter(request: request, publicURL: publicURL).origin,
            viewer: Self.viewerKey(context.caller)
        )
        if case .hit(let entry) = await cache.lookup(key, generation: generation) { return entry.response(for: request) }

        // This request makes the response; it must always finish, so that requests waiting for it go on.
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            cache.finish(key, entry: nil, generation: generation)
            throw error
        }
        guard response.status == .ok, response.headers[.contentType]?.hasPrefix("application/json") == true,
            let length = response.body.contentLength, length <= 8 << 20
        else {
            cache.finish(key, entry: nil, generation: generation)
            return response
        }
        let headers = response.headers
        let body: ByteBuffer
        do {
            body = try await response.body.collect()
        } catch {
            cache.finish(key, entry: nil, generation: generation)
            throw error
        }
        let entry = ResponseCache.Entry(headers: headers, body: body)
        cache.finish(key, entry: entry, generation: generation)
        return entry.response(for: request)
    }

    /// Read-only JSON routes whose answer depends only on the URL, the origin, the viewer and the library.
    static func isCacheable(path: String) -> Bool {
        if path == "/photos" { return true }
        if path.hasPrefix("/photos/") {
            // `/photos/:id` only: not `/photos/random`, not `/photos/:id/download`
            let rest = path.utf8.dropFirst(8)
            return !rest.isEmpty && !rest.contains(UInt8(ascii: "/")) && path != "/photos/random"
        }
        return cacheableRoots.contains { path == $0.root || path.hasPrefix($0.folder) }
    }

    private static let cacheableRoots = ["/search", "/users", "/collections", "/devices"].map { (root: $0, folder: $0 + "/") }

    /// Who is looking, as far as responses differ: the person and the scopes their credential carries. Apps and
    /// anonymous visitors see the same public library.
    static func viewerKey(_ caller: Caller) -> String {
        guard case .user(let user, let scopes, _) = caller else { return "" }
        return user.id + ":" + scopes.map(\.rawValue).sorted().joined(separator: ",")
    }
}

extension ResponseBody {
    /// Every byte of a body that is known to be small (it has a content length), gathered into one buffer.
    consuming func collect() async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await write(collector)
        return collector.buffer
    }
}

/// A body writer that keeps what it is given.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var part = buffer
        self.buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
