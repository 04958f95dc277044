import FeedStore
import Foundation

/// Slows down and then stops repeated failed sign-ins without letting an attacker lock the owner out, counted in
/// the database so every server process sees the same failures.
///
/// The policy (OWASP ASVS 2.2.1, soft lockout):
/// - **one account from one address**: after `maxPerPair` failures within `window`, that address may not try that
///   account again until the oldest failure leaves the window (429 with `Retry-After`);
/// - **one address, any accounts**: after `maxPerAddress` failures, that address may not try any account (stops one
///   machine spraying passwords across accounts);
/// - **one account, any addresses**: never a lockout — that would let anyone lock the owner out — but each failure
///   already counted against the account adds `delayStep` to the next failed answer (at most eight steps), which
///   slows a guessing attack spread over many addresses.
///
/// A success clears its own account-and-address failures. Addresses are the client's, read through a trusted
/// reverse proxy when one is configured (`--trusted-proxy`), so a proxy in front does not make every user one address.
public struct LoginThrottle: Sendable {
    /// Failed attempts allowed per account from one address within the window before answering 429.
    var maxPerPair = 5
    /// Failed attempts allowed per client address within the window before answering 429.
    var maxPerAddress = 20
    var window: TimeInterval = 15 * 60
    /// Each failure already counted against the account adds this much delay to the next failed answer.
    public var delayStep: Duration = .milliseconds(250)

    public init(delayStep: Duration = .milliseconds(250)) {
        self.delayStep = delayStep
    }

    /// The counters a sign-in attempt touches. `account` names the account tried: the caller passes the account id
    /// when the login matched one, so failures add up whether a person types the email or the username.
    static func subjects(account: String, address: String?) -> (pair: String, account: String, address: String) {
        let account = account.lowercased()
        let address = address ?? "unknown"
        return ("pair:" + account + "|" + address, "account:" + account, "address:" + address)
    }

    /// Seconds to wait when this address may not try this account now, nil when it may.
    public func retryAfter(account: String, address: String?, store: LibraryStore, now: Date = Date()) async throws
        -> Int?
    {
        let subjects = Self.subjects(account: account, address: address)
        let since = now.addingTimeInterval(-window)
        for (subject, limit) in [(subjects.pair, maxPerPair), (subjects.address, maxPerAddress)] {
            let failures = try await store.loginFailures(subject: subject, since: since)
            if failures.count >= limit, let oldest = failures.oldest {
                return max(1, Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)))
            }
        }
        return nil
    }

    /// Records a failure and waits longer the more failures the account had before it, from anywhere.
    public func fail(account: String, address: String?, store: LibraryStore) async throws {
        let subjects = Self.subjects(account: account, address: address)
        let before = try await store.loginFailures(subject: subjects.account, since: Date().addingTimeInterval(-window))
        try await store.recordLoginFailure(subjects: [subjects.pair, subjects.account, subjects.address])
        let steps = min(before.count, 8)
        if steps > 0, delayStep > .zero { try await Task.sleep(for: delayStep * steps) }
    }

    /// Forgets the failures of this account from this address.
    public func succeed(account: String, address: String?, store: LibraryStore) async throws {
        try await store.clearLoginFailures(subject: Self.subjects(account: account, address: address).pair)
    }
}
