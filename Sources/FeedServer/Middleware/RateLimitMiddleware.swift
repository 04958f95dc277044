import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking

/// Counts API requests per client in fixed windows, in the database so that several server processes share one
/// count. Hits are gathered in memory and added to the database at most every `flushInterval`; between flushes each
/// process adds its own unflushed hits to the last shared total it saw.
///
/// A lock, not an actor: most hits only bump a counter, and hopping onto an actor's executor for that cost more
/// than the rest of a cached API answer. The request that finds a flush due performs it; the others go on.
final class SharedRateLimiter: Sendable {
    private struct State {
        var windowStart: Int64 = 0
        var pending: [String: Int] = [:]
        var shared: [String: Int] = [:]
        var lastFlush = Date.distantPast
    }

    private let store: LibraryStore
    private let limit: Int
    private let windowSeconds: Int64
    private let flushInterval: TimeInterval
    private let now: @Sendable () -> Date
    private let state = Locked(State())

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
        let (newWindow, batch) = state.withLock { state -> (Bool, [String: Int]?) in
            let newWindow = window != state.windowStart
            if newWindow {
                state.windowStart = window
                state.pending.removeAll()
                state.shared.removeAll()
            }
            state.pending[key, default: 0] += 1
            guard date.timeIntervalSince(state.lastFlush) >= flushInterval else { return (newWindow, nil) }
            state.lastFlush = date
            defer { state.pending.removeAll() }
            return (newWindow, state.pending)
        }
        if newWindow {
            try? await store.pruneRateLimits(before: Date(timeIntervalSince1970: TimeInterval(window - windowSeconds)))
        }
        if let batch { await flush(batch, window: window) }
        return state.withLock { state in
            let used = (state.shared[key] ?? 0) + (state.pending[key] ?? 0)
            return (limit, limit - used, Int(state.windowStart + windowSeconds - seconds))
        }
    }

    /// Counts one request for `key` without waiting, when that needs no database work (no flush and no new window
    /// due, and the key still under its limit); nil otherwise, leaving the request uncounted for ``hit(_:)``.
    func hitWithoutWaiting(_ key: String) -> (limit: Int, remaining: Int, resetIn: Int)? {
        let date = now()
        let seconds = Int64(date.timeIntervalSince1970)
        let window = seconds - seconds % windowSeconds
        return state.withLock { state in
            guard window == state.windowStart, date.timeIntervalSince(state.lastFlush) < flushInterval else { return nil }
            let used = (state.shared[key] ?? 0) + (state.pending[key] ?? 0) + 1
            guard used <= limit else { return nil }
            state.pending[key, default: 0] += 1
            return (limit, limit - used, Int(state.windowStart + windowSeconds - seconds))
        }
    }

    private func flush(_ batch: [String: Int], window: Int64) async {
        if let totals = try? await store.addRateLimitHits(batch, windowStart: window) {
            state.withLock { state in
                for (key, total) in totals { state.shared[key] = max(state.shared[key] ?? 0, total) }
            }
        } else {
            // keep counting locally until the database answers again
            state.withLock { state in
                for (key, hits) in batch { state.pending[key, default: 0] += hits }
            }
        }
    }
}

/// Counts requests against a ``SharedRateLimiter`` and answers 429 with `Retry-After` past the limit.
///
/// The API group's instance keys clients by their credential when it is a real one (a registered app's key, a live
/// token) and by their address otherwise — a made-up key never gets a bucket of its own — and adds
/// `X-Ratelimit-Limit` and `X-Ratelimit-Remaining` to every answer, as Unsplash does; the image group's keys by
/// address only (clients send their API token to image URLs too) and adds nothing to successful answers, as an image
/// CDN would.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// How a group's limiter counts and reports.
    enum Style: Sendable {
        /// Per real credential or address, with the limit headers on every answer.
        case api(CredentialDirectory)
        /// Per address, silent until the limit is reached.
        case images

        static func addressKey(_ remoteAddress: String?) -> String { "ip:" + (remoteAddress ?? "unknown") }

        /// Whose requests these are.
        func key(_ request: HTTPRequest, remoteAddress: String?) async -> String {
            switch self {
            case .images: return "img:" + Self.addressKey(remoteAddress)
            case .api(let credentials):
                if let credential = ClientKey.from(request), await credentials.isKnown(credential) { return credential }
                return Self.addressKey(remoteAddress)
            }
        }

        /// ``key(_:remoteAddress:)`` from memory only, for answers made without waiting: nil for any credential not
        /// remembered as real, so that the router — which refuses made-up ones — answers it.
        func keyWithoutWaiting(_ request: HTTPRequest, remoteAddress: String?) -> String? {
            switch self {
            case .images: return "img:" + Self.addressKey(remoteAddress)
            case .api(let credentials):
                guard let credential = ClientKey.from(request) else { return Self.addressKey(remoteAddress) }
                return credentials.isKnownWithoutWaiting(credential) == true ? credential : nil
            }
        }

        /// Adds what this style tells clients about their limit.
        func report(_ state: (limit: Int, remaining: Int, resetIn: Int), in headers: inout HTTPFields) {
            guard case .api = self else { return }
            headers[.rateLimitLimit] = String(state.limit)
            headers[.rateLimitRemaining] = String(max(0, state.remaining))
        }
    }

    let limiter: SharedRateLimiter
    let style: Style

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let key = await style.key(request.head, remoteAddress: context.remoteAddress)
        let state = await limiter.hit(key)
        var headers = HTTPFields()
        style.report(state, in: &headers)
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
    static func from(_ request: HTTPRequest) -> String? {
        if let authorization = request.headerFields[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                let scheme = parts[0].lowercased()
                return scheme == "bearer" ? "token:" + Secrets.hash(String(parts[1])) : scheme + ":" + parts[1]
            }
        }
        if let query = request.query, mentionsClientID(query), let clientID = QueryParameters(query)["client_id"] {
            return "client-id:" + clientID
        }
        return nil
    }

    /// Whether `query` has `client_id` in it, before it is worth parsing. Asked on every anonymous request, so it
    /// compares bytes: Foundation's `contains` goes through CFString, and the standard library's generic
    /// `firstRange(of:)` cost more than the rest of a cached answer's bookkeeping.
    static func mentionsClientID(_ query: String) -> Bool {
        var query = query
        return query.withUTF8 { bytes in
            let needle: StaticString = "client_id"
            let count = needle.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            return needle.withUTF8Buffer { needle in
                (0...(bytes.count - count)).contains { start in
                    bytes[start] == needle[0] && memcmp(bytes.baseAddress! + start, needle.baseAddress!, count) == 0
                }
            }
        }
    }
}

extension HTTPField.Name {
    static let rateLimitLimit = HTTPField.Name("X-Ratelimit-Limit")!
    static let rateLimitRemaining = HTTPField.Name("X-Ratelimit-Remaining")!
    static let total = HTTPField.Name("X-Total")!
    static let perPage = HTTPField.Name("X-Per-Page")!
    static let link = HTTPField.Name("Link")!
}
