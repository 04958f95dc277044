import FeedStore
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers repeated reads of the API's cached-reads group (the feed, photos, search, users, albums, devices) from
/// ``ResponseCache``. Only GET is cached; every answer says what the cache did in a `Cache-Status` header
/// (RFC 9211): `ImageFeed; hit`, or `ImageFeed; fwd=miss` (with `; stored` when the answer was kept).
struct ResponseCacheMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let cache: ResponseCache

    static let hit = "ImageFeed; hit"
    static let missStored = "ImageFeed; fwd=miss; stored"
    static let miss = "ImageFeed; fwd=miss"
    static let uncacheable = "ImageFeed; fwd=method"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // GET only: the router answers HEAD through the GET route with a body that is never written, so a HEAD
        // would never finish making an entry (and everyone waiting for it would wait for ever).
        guard request.method == .get else { return Self.marked(try await next(request, context), Self.uncacheable) }
        guard let generation = await cache.generation() else {
            return Self.marked(try await next(request, context), Self.miss)
        }
        let key = ResponseCache.Key(
            target: request.uri.description, origin: context.origin, viewer: Self.viewerKey(context.caller))
        if case .hit(let entry) = await cache.lookup(key, generation: generation) {
            return Self.marked(entry.answer(request.headers).response, Self.hit)
        }

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
            return Self.marked(response, Self.miss)
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
        return Self.marked(entry.answer(request.headers).response, Self.missStored)
    }

    static func marked(_ response: Response, _ status: String) -> Response {
        var response = response
        response.headers[.cacheStatus] = status
        return response
    }

    /// Who is looking, as far as responses differ: the person and the scopes their credential carries. Apps and
    /// anonymous visitors see the same public library.
    static func viewerKey(_ caller: Caller) -> String {
        guard case .user(let user, let scopes, _) = caller else { return "" }
        return user.id + ":" + scopes.map(\.rawValue).sorted().joined(separator: ",")
    }
}

extension HTTPField.Name {
    /// RFC 9211.
    static let cacheStatus = HTTPField.Name("Cache-Status")!
}

extension ResponseBody {
    /// Every byte of a body that is known to be small (it has a content length), gathered into one buffer.
    consuming func collect() async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await write(collector)
        return collector.buffer
    }
}
