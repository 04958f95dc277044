import FeedStore
import Foundation

/// Slows down and then stops repeated failed sign-ins, per account and per client address, counted in the
/// database so every server process sees the same failures.
struct LoginThrottle: Sendable {
    /// Failed attempts allowed per account within the window before answering 429.
    var maxPerAccount = 5
    /// Failed attempts allowed per client address within the window before answering 429.
    var maxPerAddress = 20
    var window: TimeInterval = 15 * 60
    /// Each failure already counted adds this much delay to the next failed answer (capped at 8 steps).
    var delayStep: Duration = .milliseconds(250)

    /// `account` names the account tried: the caller passes the account id when the login matched one, so
    /// failures add up whether a person types the email or the username, and what was typed otherwise.
    static func subjects(account: String, address: String?) -> (account: String, address: String) {
        ("account:" + account.lowercased(), "address:" + (address ?? "unknown"))
    }

    /// Seconds to wait when a subject is over its limit, nil when it may try.
    func retryAfter(account: String, address: String?, store: LibraryStore, now: Date = Date()) async throws -> Int? {
        let subjects = Self.subjects(account: account, address: address)
        let since = now.addingTimeInterval(-window)
        for (subject, limit) in [(subjects.account, maxPerAccount), (subjects.address, maxPerAddress)] {
            let failures = try await store.loginFailures(subject: subject, since: since)
            if failures.count >= limit, let oldest = failures.oldest {
                return max(1, Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)))
            }
        }
        return nil
    }

    /// Records a failure and waits longer the more failures came before it.
    func fail(account: String, address: String?, store: LibraryStore) async throws {
        let subjects = Self.subjects(account: account, address: address)
        let before = try await store.loginFailures(subject: subjects.account, since: Date().addingTimeInterval(-window))
        try await store.recordLoginFailure(subjects: [subjects.account, subjects.address])
        let steps = min(before.count, 8)
        if steps > 0, delayStep > .zero { try await Task.sleep(for: delayStep * steps) }
    }

    func succeed(account: String, store: LibraryStore) async throws {
        try await store.clearLoginFailures(subject: Self.subjects(account: account, address: nil).account)
    }
}
