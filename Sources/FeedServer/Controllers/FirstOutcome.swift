import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Locking
import NIOCore

/// The first of several outcomes racing to answer one continuation; the later ones are dropped.
final class FirstOutcome: Sendable {
    private let continuation = Locked<CheckedContinuation<String?, Never>?>(nil)

    func await(_ continuation: CheckedContinuation<String?, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func give(_ outcome: String?) {
        continuation.withLock { waiting in
            waiting?.resume(returning: outcome)
            waiting = nil
        }
    }
}
