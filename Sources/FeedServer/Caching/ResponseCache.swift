import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking
import NIOCore

/// Whole API responses (status 200, headers and body), kept for as long as the library does not change.
///
/// Every response is filed under the library generation it was made in (``LibraryStore/libraryGeneration()``, which
/// database triggers bump on any change to photos, tags, albums, likes or users). The generation is re-read from the
/// database when this process has committed a transaction since the last look — so a like or an edit shows at once
/// — and otherwise at most every `maxAge`, which bounds how long a write by another process (a second server,
/// `imagefeed import`) can go unseen. A new generation empties the cache.
///
/// Responses are keyed by URL, origin (absolute URLs in the body are built from it) and viewer (likes, private
/// albums and exact locations differ per person). The byte budget is enforced by dropping the oldest entries.
final class ResponseCache: Sendable {
    struct Key: Hashable, Sendable {
        let target: String
        let origin: String
        let viewer: String
    }

    /// One cached response, with its gzip form made on the first request that accepts it.
    final class Entry: Sendable {
        let headers: HTTPFields
        let body: ByteBuffer
        let etag: String
        private let gzipped = Locked<ByteBuffer??>(nil)

        /// `headers` with the validators, set once here rather than validated again on every hit.
        private let identityHeaders: HTTPFields
        private let gzipHeaders: HTTPFields

        init(headers: HTTPFields, body: ByteBuffer) {
            // The length is the body's, which differs between the identity and gzip forms: the server writes it.
            var headers = headers
            headers[.contentLength] = nil
            headers[.contentEncoding] = nil
            self.headers = headers
            self.body = body
            self.etag = "\"\(Secrets.sha256Hex(Data(body.readableBytesView)).prefix(32))\""
            var identity = headers
            identity[.eTag] = etag
            identity[.vary] = "Accept-Encoding"
            identityHeaders = identity
            identity[.contentEncoding] = "gzip"
            gzipHeaders = identity
        }

        /// The gzip form, made once; nil when the body is too small to be worth it.
        var gzipBody: ByteBuffer? {
            guard body.readableBytes >= Gzip.minimumSize else { return nil }
            if let made = gzipped.withLock({ $0 }) { return made }
            let made = Gzip.compress(body)
            gzipped.withLock { $0 = made }
            return made
        }

        /// The answer to a GET with these headers: 304 when its `If-None-Match` names this body, gzip when it
        /// accepts that.
        func answer(_ request: HTTPFields) -> ImmediateResponse {
            if ETag.matches(request[.ifNoneMatch], etag) {
                return ImmediateResponse(status: .notModified, headers: identityHeaders)
            }
            if Gzip.isAccepted(by: request[.acceptEncoding]), let gzipBody {
                return .ok(gzipHeaders, gzipBody, method: .get)
            }
            return .ok(identityHeaders, body, method: .get)
        }
    }

    private struct State {
        var generation: Int64 = -1
        var commitsSeen: UInt64 = .max
        var checkedAt = Duration.zero
        var entries: BoundedCache<Key, Entry>
        /// Keys being made by one request, with the requests waiting for its answer (by waiter number).
        var making: [Key: [Int: CheckedContinuation<Entry?, Never>]] = [:]
        var nextWaiter = 0
        var hits = 0
        var misses = 0
    }

    /// What a request should do about a key.
    enum Lookup {
        /// Answer with this.
        case hit(Entry)
        /// Make the response, then call ``finish(_:entry:generation:)`` — others asking meanwhile wait for it.
        case make
    }

    private let store: LibraryStore
    private let maxAge: Duration
    private let patience: Duration
    private let clock: any MonotonicClock
    private let state: Locked<State>

    /// - Parameters:
    ///   - maxAge: how long a generation is trusted without asking the database, when this process made no write.
    ///   - byteBudget: the most body bytes kept.
    ///   - patience: how long a request waits for another one making the same answer before making its own.
    ///   - clock: what ages and waits are measured with.
    init(
        store: LibraryStore, maxAge: Duration = .milliseconds(500), byteBudget: Int = 64 << 20,
        patience: Duration = .seconds(5), clock: any MonotonicClock = SystemClock()
    ) {
        self.store = store
        self.maxAge = maxAge
        self.patience = patience
        self.clock = clock
        self.state = Locked(State(entries: BoundedCache(budget: byteBudget)))
    }

    /// The current generation; nil when the database cannot say and nothing was cached yet (the caller then bypasses
    /// the cache).
    ///
    /// When the database stops answering, the generation last read stays trusted, and is asked for again only every
    /// `maxAge`: the answers cached before the outage go on being served (no write can land meanwhile), while every
    /// request that needs the database is refused at once with a 503.
    func generation() async -> Int64? {
        if let trusted = trustedGeneration() { return trusted }
        let commits = store.database.commitCount
        let now = clock.now()
        guard let fresh = try? await store.libraryGeneration() else {
            return state.withLock { state in
                guard state.generation >= 0 else { return nil }
                state.commitsSeen = commits
                state.checkedAt = now
                return state.generation
            }
        }
        return state.withLock { state in
            if fresh > state.generation {
                state.generation = fresh
                state.entries.removeAll()
            }
            state.commitsSeen = commits
            state.checkedAt = now
            return state.generation
        }
    }

    /// The generation when it is known without asking the database (this process committed nothing since the last
    /// look, which is younger than the max age); nil when it must be asked, with ``generation()``.
    func trustedGeneration() -> Int64? {
        let commits = store.database.commitCount
        let now = clock.now()
        return state.withLock { state in
            state.commitsSeen == commits && now - state.checkedAt < maxAge ? state.generation : nil
        }
    }

    /// The response filed under `key` in `generation`, if there is one; never waits and never takes the duty of
    /// making it.
    func peek(_ key: Key, generation: Int64) -> Entry? {
        state.withLock { state in
            guard state.generation == generation, let entry = state.entries[key] else { return nil }
            state.hits += 1
            return entry
        }
    }

    /// The response filed under `key` in `generation`, or the duty to make it. When another request is already
    /// making it, this waits for that answer instead of repeating the work: after a write, a popular page is
    /// rebuilt once, not by every reader at the same moment.
    func lookup(_ key: Key, generation: Int64) async -> Lookup {
        enum First {
            case hit(Entry)
            case make, wait
        }
        let first = state.withLock { state -> First in
            if state.generation == generation, let entry = state.entries[key] {
                state.hits += 1
                return .hit(entry)
            }
            state.misses += 1
            if state.making[key] != nil { return .wait }
            state.making[key] = [:]
            return .make
        }
        switch first {
        case .hit(let entry): return .hit(entry)
        case .make: return .make
        case .wait:
            let made: Entry? = await withCheckedContinuation { continuation in
                let waiter = state.withLock { state -> Int? in
                    guard state.making[key] != nil else { return nil }
                    state.nextWaiter += 1
                    state.making[key]?[state.nextWaiter] = continuation
                    return state.nextWaiter
                }
                guard let waiter else {
                    continuation.resume(returning: state.withLock { $0.entries[key] })
                    return
                }
                // A maker that never finishes must not hold its readers for ever: after `patience` they go
                // and make their own answer.
                Task { [patience, clock] in
                    try? await clock.sleep(for: patience)
                    let expired = self.state.withLock { $0.making[key]?.removeValue(forKey: waiter) }
                    expired?.resume(returning: nil)
                }
            }
            // Nothing cacheable came of it (an error, a 404, a maker too slow): make our own.
            return made.map(Lookup.hit) ?? .make
        }
    }

    /// Ends the making of `key`: files `entry` (unless the library moved on meanwhile) and hands it to the
    /// requests waiting for it (nil tells them to make their own).
    func finish(_ key: Key, entry: Entry?, generation: Int64) {
        let waiters = state.withLock { state -> [CheckedContinuation<Entry?, Never>] in
            if let entry, state.generation == generation {
                state.entries.insert(entry, size: entry.body.readableBytes, for: key)
            }
            return Array((state.making.removeValue(forKey: key) ?? [:]).values)
        }
        for waiter in waiters { waiter.resume(returning: entry) }
    }

    /// Hits and misses since start, for tests and logs.
    var statistics: (hits: Int, misses: Int, entries: Int) {
        state.withLock { ($0.hits, $0.misses, $0.entries.count) }
    }
}
