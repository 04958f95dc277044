import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix

/// Whether the database answers, as this process last found it, so that a database that is down costs each request
/// a quick refusal instead of a connection attempt that waits for its timeout, and the log says once that the
/// database went away and once that it came back rather than once per request.
///
/// After a connection cannot be opened, borrowing fails at once for ``cooldown``; then the next request tries again,
/// and its success closes the outage.
final class DatabaseHealth: Sendable {
    private struct State {
        var downSince: ContinuousClock.Instant?
        var lastAttempt = ContinuousClock.Instant.now
        var reason = ""
    }

    /// How long borrowing is refused without trying after a failed attempt.
    let cooldown: Duration
    private let state = Locked(State())
    private let logger: Logger

    init(cooldown: Duration = .seconds(1), logger: Logger) {
        self.cooldown = cooldown
        self.logger = logger
    }

    /// Why a borrow should fail without trying, or nil to try.
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

    /// The reason the database is down now, or nil while it answers.
    var problem: String? {
        state.withLock { $0.downSince == nil ? nil : $0.reason }
    }

    /// A connection was opened (or a query answered): the outage, if any, is over.
    func answered() {
        let ended = state.withLock { state -> Duration? in
            guard let since = state.downSince else { return nil }
            state.downSince = nil
            return ContinuousClock.now - since
        }
        if let ended {
            logger.notice(
                "The database answers again", metadata: ["outage_seconds": "\(ended.components.seconds)"])
        }
    }

    /// A connection could not be opened: the database is down until one can.
    func failed(_ reason: String) {
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
                "The database cannot be reached; requests that need it are answered 503 until it answers again",
                metadata: ["reason": "\(reason)"])
        }
    }
}

extension Database {
    /// `error` as the store reports it: a database that cannot be reached becomes ``StoreError/unavailable(_:)``, a
    /// full disk ``StoreError/diskFull(folder:)``; anything else is the query's own error, unchanged.
    func translated(_ error: any Error) -> any Error {
        switch fault(of: error) {
        case .unreachable(let reason)?: StoreError.unavailable("The database cannot be reached: \(reason)")
        case .full?: StoreError.diskFull(folder: folder ?? "the database's folder")
        case nil: error
        }
    }

    /// What `error` says about the database, if anything: the backend's own judgement first, then the errors of
    /// the network, which are the same for both backends. A pool that lends no connection within its wait is not
    /// here: that is a busy database, not one that went away (``Database`` answers it as overloaded).
    func fault(of error: any Error) -> DatabaseFault? {
        if error is StoreError { return nil }
        if let fault = classify(error) { return fault }
        switch error {
        case is NIOConnectionError, is ChannelError:
            return .unreachable(String(describing: error))
        case let error as IOError
        where [ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH]
            .contains(error.errnoCode):
            return .unreachable(String(describing: error))
        default:
            return nil
        }
    }
}
