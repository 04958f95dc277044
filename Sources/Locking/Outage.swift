/// Whether a service this process depends on (the database, the S3 endpoint) answers, as the process last found it,
/// so that a service that is down costs each request a quick refusal instead of an attempt that waits out its
/// timeout, and the log says once that the service went away and once that it came back rather than once per request.
///
/// After an attempt got no usable answer, ``refusal()`` refuses at once for ``cooldown``; then one caller tries
/// again, and its success (``answered()``) ends the outage.
public final class Outage: Sendable {
    /// A change the owner reports (to its log): an outage began, for a reason, or ended, after a while.
    public enum Change: Sendable {
        case began(reason: String)
        case ended(after: Duration)
    }

    private struct State {
        var downSince: ContinuousClock.Instant?
        var lastAttempt = ContinuousClock.Instant.now
        var reason = ""
    }

    /// How long attempts are refused without trying after a failed one.
    public let cooldown: Duration
    private let state = Locked(State())
    private let changed: @Sendable (Change) -> Void

    /// - Parameter changed: told when an outage begins and when it ends, outside the lock.
    public init(cooldown: Duration, changed: @escaping @Sendable (Change) -> Void) {
        self.cooldown = cooldown
        self.changed = changed
    }

    /// Why an attempt should fail without being made, or nil to make it. Once the cooldown is over, one caller is
    /// let through and the next wait for its result for another cooldown.
    public func refusal() -> String? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard state.downSince != nil, now - state.lastAttempt < cooldown else {
                if state.downSince != nil { state.lastAttempt = now }
                return nil
            }
            return state.reason
        }
    }

    /// Why the service is down now (its last failure), or nil while it answers.
    public var problem: String? {
        state.withLock { $0.downSince == nil ? nil : $0.reason }
    }

    /// An attempt got an answer: the outage, if any, is over.
    public func answered() {
        let ended = state.withLock { state -> Duration? in
            guard let since = state.downSince else { return nil }
            state.downSince = nil
            return ContinuousClock.now - since
        }
        if let ended { changed(.ended(after: ended)) }
    }

    /// An attempt got no usable answer: the service is down until one gets an answer.
    public func failed(_ reason: String) {
        let now = ContinuousClock.now
        let began = state.withLock { state -> Bool in
            state.lastAttempt = now
            state.reason = reason
            guard state.downSince == nil else { return false }
            state.downSince = now
            return true
        }
        if began { changed(.began(reason: reason)) }
    }
}
