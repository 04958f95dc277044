import Foundation
import HTTPTypes
import Hummingbird
import Locking
import Logging
import NIOCore
import NIOHTTPTypes

/// The `Date` header's value, made at most once a second (with one formatter: making one reads the time zone
/// files).
final class HTTPDateCache: Sendable {
    private struct State: @unchecked Sendable {
        var second = 0
        var text = ""
        let formatter: DateFormatter = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter
        }()
    }

    private let current = Locked(State())

    var date: String {
        let now = Date()
        let second = Int(now.timeIntervalSince1970)
        return current.withLock { state in
            if state.second != second {
                state.second = second
                state.text = state.formatter.string(from: now)
            }
            return state.text
        }
    }
}
