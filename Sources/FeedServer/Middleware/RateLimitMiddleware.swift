import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// Counts API requests per client in fixed one-hour windows.
actor RateLimiter {
    private let limit: Int
    private let windowSeconds: Int
    private var windowStart: Int = 0
    private var counts: [String: Int] = [:]
    private let now: @Sendable () -> Date

    init(limit: Int, windowSeconds: Int = 3600, now: @escaping @Sendable () -> Date = Date.init) {
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.now = now
    }

    /// Counts one request for `key` and returns the limit, what remains, and the seconds until the window resets.
    func hit(_ key: String) -> (limit: Int, remaining: Int, resetIn: Int) {
        let seconds = Int(now().timeIntervalSince1970)
        let window = seconds - seconds % windowSeconds
        if window != windowStart {
            windowStart = window
            counts.removeAll(keepingCapacity: true)
        }
        let used = (counts[key] ?? 0) + 1
        counts[key] = used
        return (limit, limit - used, windowStart + windowSeconds - seconds)
    }
}

/// Adds `X-Ratelimit-Limit` and `X-Ratelimit-Remaining` to every API response and answers 429 with
/// `Retry-After` past the limit. Image and web-app requests are not counted, as on Unsplash.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let limiter: RateLimiter

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

/// The client credential a request carries, if any: a bearer token, a `Client-ID` header or `?client_id=`.
enum ClientKey {
    static func from(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { return parts[0].lowercased() + ":" + parts[1] }
        }
        if let clientID = QueryParameters(request.uri.query)["client_id"] { return "client-id:" + clientID }
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
