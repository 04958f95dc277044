import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

/// A clock reading (or none) behind a lock, shared by the copies of a value.
final class LockedInstant: Sendable {
    private let value: Locked<ContinuousClock.Instant?>

    init(_ instant: ContinuousClock.Instant?) {
        value = Locked(instant)
    }

    func get() -> ContinuousClock.Instant? { value.withLock { $0 } }
    func set(_ instant: ContinuousClock.Instant?) { value.withLock { $0 = instant } }
}
