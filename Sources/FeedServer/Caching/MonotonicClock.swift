import Foundation

/// The time the caches measure ages and waits with: monotonic, and passed in so that tests move it instead of
/// sleeping.
public protocol MonotonicClock: Sendable {
    /// Time since a fixed point of this clock.
    func now() -> Duration
    /// Returns once `duration` has passed on this clock.
    func sleep(for duration: Duration) async throws
}

/// The machine's monotonic clock.
public struct SystemClock: MonotonicClock {
    private let origin = ContinuousClock.now

    public init() {}

    public func now() -> Duration { origin.duration(to: .now) }

    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
