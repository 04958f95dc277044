import Foundation
import Locking
import Logging
import NIOCore
import NIOPosix

extension Outage {
    /// The database's outage, logged once when it begins and once when it ends: after a connection cannot be opened,
    /// borrowing fails at once for a second; then the next request tries again, and its success ends the outage.
    static func database(logger: Logger) -> Outage {
        Outage(cooldown: .seconds(1)) { change in
            switch change {
            case .began(let reason):
                logger.error(
                    "The database cannot be reached; requests that need it are answered 503 until it answers again",
                    metadata: ["reason": "\(reason)"])
            case .ended(let outage):
                logger.notice(
                    "The database answers again", metadata: ["outage_seconds": "\(outage.components.seconds)"])
            }
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
