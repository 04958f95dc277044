import Foundation

/// The time the caches measure ages and waits with: monotonic, and passed in so that tests move it instead of
/// sleeping.
public protocol MonotonicClock: Sendable {
    /// Time since a fixed point of this clock.
    func now() -> Duration
    /// Returns once `duration` has passed on this clock.
    func sleep(for duration: Duration) async throws
}
