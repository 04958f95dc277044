import Locking
import Logging

extension Outage {
    /// The S3 endpoint's outage: after a request got no answer (refused, reset, timed out) or kept answering 5xx
    /// through its retries, the next requests fail at once for `cooldown` instead of each waiting out the same
    /// timeouts. Logged once when it begins and once when it ends.
    static func storage(endpoint: S3Endpoint, cooldown: Duration) -> Outage {
        let logger = Logger(label: "imagefeed.storage")
        return Outage(cooldown: cooldown) { change in
            switch change {
            case .began(let reason):
                logger.error(
                    "The storage cannot be reached; uploads and reads it must answer get 503 until it answers again",
                    metadata: ["endpoint": "\(endpoint)", "reason": "\(reason)"])
            case .ended(let outage):
                logger.notice(
                    "The storage answers again",
                    metadata: ["endpoint": "\(endpoint)", "outage_seconds": "\(outage.components.seconds)"])
            }
        }
    }
}
