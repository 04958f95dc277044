import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Counts API requests per client in fixed windows, in the database so that several server processes share one
/// count. Hits are gathered in memory and added to the database at most every `flushInterval`; between flushes each
/// process adds its own unflushed hits to the last shared total it saw.
actor SharedRateLimiter {
    private let store: LibraryStore
    private let limit: Int
    private let windowSeconds: Int64
    private let flushInterval: TimeInterval
    private let now: @Sendable () -> Date
    private var windowStart: Int64 = 0
    private var pending: [String: Int] = [:]
    private var shared: [String: Int] = [:]
    private var lastFlush = Date.distantPast

    init(store: LibraryStore, limit: Int, windowSeconds: Int64 = 3600, flushInterval: TimeInterval = 1,
         now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.flushInterval = flushInterval
        self.now = now
    }

    /// Counts one request for `key` and returns the limit, what remains, and the seconds until the window resets.
    func hit(_ key: String) async -> (limit: Int, remaining: Int, resetIn: Int) {
        let date = now()
        let seconds = Int64(date.timeIntervalSince1970)
        let window = seconds - seconds % windowSeconds
        if window != windowStart {
            windowStart = window
            pending.removeAll()
            shared.removeAll()
            try? await store.pruneRateLimits(before: Date(timeIntervalSince1970: TimeInterval(window - windowSeconds)))
        }
        pending[key, default: 0] += 1
        if date.timeIntervalSince(lastFlush) >= flushInterval {
            lastFlush = date
            await flush(window: window)
        }
        let used = (shared[key] ?? 0) + (pending[key] ?? 0)
        return (limit, limit - used, Int(windowStart + windowSeconds - seconds))
    }

    private func flush(window: Int64) async {
        let batch = pending
        pending.removeAll()
        for (key, hits) in batch {
            if let total = try? await store.addRateLimitHits(subject: key, windowStart: window, hits: hits) {
                shared[key] = max(shared[key] ?? 0, total)
            } else {
                pending[key, default: 0] += hits  // keep counting locally until the database answers again
            }
        }
    }
}

/// Adds `X-Ratelimit-Limit` and `X-Ratelimit-Remaining` to every API response and answers 429 with
/// `Retry-After` past the limit. Image and web-app requests are not counted, as on Unsplash.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let limiter: SharedRateLimiter

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Routes.isAPI(path: request.uri.path) else { return try await next(request, context) }
        let key = ClientKey.from(request) ?? "ip:" + (context.remoteAddress ?? "unknown")
        let state = await limiter.hit(key)
        var headers = HTTPFields()
        headers[.rateLimitLimit] = String(state.limit)
        headers[.rateLimitRemaining] = String(max(0, state.remaining))
        guard state.remaining >= 0 else {
            headers[.retryAfter] = String(state.resetIn)
            return APIError(.tooManyRequests, "Rate Limit Exceeded", headers: headers).response()
        }
        var response = try await next(request, context)
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// The client credential a request carries, as a rate-limit key: a bearer token (hashed, never stored as is),
/// a `Client-ID` header or `?client_id=`.
enum ClientKey {
    static func from(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                let scheme = parts[0].lowercased()
                return scheme == "bearer" ? "token:" + Secrets.hash(String(parts[1])) : scheme + ":" + parts[1]
            }
        }
        if let query = request.uri.query, query.utf8.count >= 10, query.contains("client_id"),
            let clientID = QueryParameters(query)["client_id"]
        {
            return "client-id:" + clientID
        }
        return nil
    }
}

extension HTTPField.Name {
    static let rateLimitLimit = HTTPField.Name("X-Ratelimit-Limit")!
    static let rateLimitRemaining = HTTPField.Name("X-Ratelimit-Remaining")!
    static let total = HTTPField.Name("X-Total")!
    static let perPage = HTTPField.Name("X-Per-Page")!
    static let link = HTTPField.Name("Link")!
}
