import FeedStore
import Locking

/// Which client credentials exist: registered apps' access keys and live access tokens, remembered for a while so
/// that rate-limit keys and the fast path can tell a real credential from a made-up one without asking the database
/// on every request.
///
/// Only for keying: it never grants anything. The authentication middleware still reads every token from the
/// database, so a revoked token stops working at once; a deleted app's key keeps its own rate-limit bucket for at
/// most ``lifetime``.
final class CredentialDirectory: Sendable {
    /// A credential as a rate-limit key names it: `client-id:<key>` or `token:<hash>`.
    typealias Key = String

    private struct State {
        /// Known credentials and until when each is trusted.
        var known = BoundedCache<Key, Duration>(budget: 4 << 20)
        /// Credentials found not to exist, and until when: a flood of made-up keys asks the database once per key.
        var unknown = BoundedCache<Key, Duration>(budget: 4 << 20)
    }

    private let store: LibraryStore
    private let clock: any MonotonicClock
    private let state = Locked(State())
    /// How long a known credential is trusted without asking again.
    static let lifetime: Duration = .seconds(60)
    /// How long a made-up credential is remembered as such.
    static let unknownLifetime: Duration = .seconds(10)

    init(store: LibraryStore, clock: any MonotonicClock) {
        self.store = store
        self.clock = clock
    }

    /// Whether `key` is a real credential, from memory only: nil when it is not remembered either way.
    func isKnownWithoutWaiting(_ key: Key) -> Bool? {
        let now = clock.now()
        return state.withLock { state in
            if let until = state.known[key], until > now { return true }
            if let until = state.unknown[key], until > now { return false }
            return nil
        }
    }

    /// Whether `key` is a real credential, asking the database when memory does not say.
    func isKnown(_ key: Key) async -> Bool {
        if let known = isKnownWithoutWaiting(key) { return known }
        let exists: Bool
        do {
            if key.hasPrefix("client-id:") {
                exists = try await store.app(accessKey: String(key.dropFirst("client-id:".count))) != nil
            } else if key.hasPrefix("token:") {
                exists = try await store.token(hash: String(key.dropFirst("token:".count))) != nil
            } else {
                exists = false
            }
        } catch {
            // The database did not answer: count by address this time, remember nothing.
            return false
        }
        remember(key, exists: exists)
        return exists
    }

    /// Records what the authentication middleware found, so the next request needs no lookup.
    func remember(_ key: Key, exists: Bool) {
        let now = clock.now()
        state.withLock { state in
            if exists {
                Self.record(key, until: now + Self.lifetime, in: &state.known, leaving: &state.unknown)
            } else {
                Self.record(key, until: now + Self.unknownLifetime, in: &state.unknown, leaving: &state.known)
            }
        }
    }

    /// Puts `key` in `cache` until `until`. A key already there only has its time moved (called on every request
    /// with a credential, so no scan of the cache's order); one that changed sides leaves `other`.
    private static func record(
        _ key: Key, until: Duration, in cache: inout BoundedCache<Key, Duration>,
        leaving other: inout BoundedCache<Key, Duration>
    ) {
        if cache[key] != nil {
            cache.update(for: key) { $0 = until }
            return
        }
        other.removeValue(for: key)
        cache.insert(until, size: key.utf8.count + 32, for: key)
    }
}
