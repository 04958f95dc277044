import Foundation
import Locking
import Logging

/// Whether the S3 endpoint answers, as this process last found it: after a request got no answer (refused, reset,
/// timed out) or kept answering 5xx through its retries, the next requests fail at once for ``cooldown`` instead of
/// each waiting out the same timeouts; then one request tries again, and an answer ends the outage. The log says once
/// that the storage went away and once that it came back.
final class StorageHealth: Sendable {
    private struct State {
        var downSince: ContinuousClock.Instant?
        var lastAttempt = ContinuousClock.Instant.now
        var reason = ""
    }

    /// How long requests are refused without trying after a failed one.
    let cooldown: Duration
    private let state = Locked(State())
    private let logger = Logger(label: "imagefeed.storage")

    init(cooldown: Duration) {
        self.cooldown = cooldown
    }

    /// Why a request should fail without being sent, or nil to send it.
    func refusal() -> String? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard state.downSince != nil, now - state.lastAttempt < cooldown else {
                if state.downSince != nil { state.lastAttempt = now }
                return nil
            }
            return state.reason
        }
    }

    /// Why the storage is down now, or nil while it answers.
    var problem: String? {
        state.withLock { $0.downSince == nil ? nil : $0.reason }
    }

    /// The endpoint answered (with anything but a 5xx).
    func answered(_ endpoint: S3Endpoint) {
        let ended = state.withLock { state -> Duration? in
            guard let since = state.downSince else { return nil }
            state.downSince = nil
            return ContinuousClock.now - since
        }
        if let ended {
            logger.notice(
                "The storage answers again",
                metadata: ["endpoint": "\(endpoint)", "outage_seconds": "\(ended.components.seconds)"])
        }
    }

    /// A request got no usable answer after its retries.
    func failed(_ reason: String, endpoint: S3Endpoint) {
        let now = ContinuousClock.now
        let began = state.withLock { state -> Bool in
            state.lastAttempt = now
            state.reason = reason
            guard state.downSince == nil else { return false }
            state.downSince = now
            return true
        }
        if began {
            logger.error(
                "The storage cannot be reached; uploads and reads it must answer get 503 until it answers again",
                metadata: ["endpoint": "\(endpoint)", "reason": "\(reason)"])
        }
    }
}
