import HTTPTypes
import Hummingbird
import Logging

extension HTTPField.Name {
    /// `X-Request-Id`: the id of a request, in its answer and on every log line written for it.
    static let requestID = HTTPField.Name("X-Request-Id")!
}

/// A request's id: the one the load balancer gave it (nginx's `$request_id`, sent on as `X-Request-Id`), so that its
/// log line and a node's can be matched; else one made here.
enum RequestIdentifier {
    /// The id an incoming `X-Request-Id` names, when it is one: 1 to 128 letters, digits and `-_.:/+=` — anything
    /// else (a log line's worth of text, a newline) is not taken into the logs.
    static func given(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"),
                    UInt8(ascii: "+"), UInt8(ascii: "="):
                    true
                default: false
                }
            })
        else { return nil }
        return value
    }

    /// The id of a request with these headers: the given one, or a new one.
    static func of(_ headers: HTTPFields) -> String {
        given(headers[.requestID]) ?? Hummingbird.RequestID().description
    }
}
