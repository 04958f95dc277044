import Foundation
import Locking

/// The date and time a server under test issues and checks Firebase tokens at: the machine's, moved on when a test
/// says so, so that a test sees a token expire without waiting an hour.
public final class TestWallClock: Sendable {
    private let offset = Locked<TimeInterval>(0)

    public init() {}

    /// Now, as the server sees it.
    public func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves the server's time on.
    public func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
