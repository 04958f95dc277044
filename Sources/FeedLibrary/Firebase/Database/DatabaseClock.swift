import Foundation

/// The time the Realtime Database reads: the wall clock for server timestamps, token expiry and the change log,
/// and sleeps for keep-alives and polling. Tests move a manual one instead of waiting.
public protocol DatabaseClock: Sendable {
    /// Milliseconds since 1970.
    func milliseconds() -> Int64
    /// Returns once `duration` has passed on this clock.
    func sleep(for duration: Duration) async throws
}

/// The machine's clock.
public struct SystemDatabaseClock: DatabaseClock {
    /// The clock.
    public init() {}

    /// Milliseconds since 1970.
    public func milliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// Sleeps.
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
