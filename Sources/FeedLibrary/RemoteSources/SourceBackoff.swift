import FeedKit
import Foundation
import FoundationNetworking

/// How long a sync waits when a source says to slow down or fails for a moment.
public struct SourceBackoff: Sendable, Hashable {
    /// The first wait when the source gave no time; each further try doubles it.
    public var initial: Duration
    /// The longest single wait; a source asking for longer ends the sync (its next run resumes).
    public var longest: Duration
    /// Tries of one request before giving up.
    public var attempts: Int

    public init(initial: Duration = .seconds(2), longest: Duration = .seconds(120), attempts: Int = 6) {
        self.initial = initial
        self.longest = longest
        self.attempts = attempts
    }

    func wait(attempt: Int, asked: Duration?) -> Duration {
        if let asked { return asked }
        var wait = initial
        for _ in 0..<attempt { wait *= 2 }
        return min(wait, longest)
    }
}
