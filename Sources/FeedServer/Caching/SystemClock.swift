import Foundation

/// The machine's monotonic clock.
public struct SystemClock: MonotonicClock {
    private let origin = ContinuousClock.now

    public init() {}

    public func now() -> Duration { origin.duration(to: .now) }

    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
