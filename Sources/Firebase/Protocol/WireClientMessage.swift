/// A message a client sends over the WebSocket protocol, read from its JSON envelope `{"t": "d"|"c", "d": …}`.
///
/// Mirrors firebase-js-sdk `realtime/Connection.ts` (`sendRequest`, `sendPingOnPrimaryIfNecessary_`: `{t:"c",
/// d:{t:"p", d:{}}}`) and `core/PersistentConnection.ts` (`sendRequest`: `{r, a, b}`), and the `kFWPRequest*` and
/// `kFWPConnection*` keys of firebase-ios-sdk `Constants/FConstants.m`.
public enum WireClientMessage: Sendable, Hashable {
    /// A request `{"t":"d","d":{"r": number, "a": action, "b": body}}`, answered with the same number.
    case request(WireRequest)
    /// The ping `{"t":"c","d":{"t":"p"}}`, answered with a pong.
    case ping
    /// Another control message (`a`, `n`: the long-poll upgrade's), which a WebSocket server ignores.
    case control(String)

    /// Why a message cannot be read: the connection closes with the text.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was wrong.
        public let description: String
    }

    /// Reads one assembled message.
    public init(text: String) throws(Failure) {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw Failure(description: "Message is not valid JSON")
        }
        guard case .object(let envelope) = json, case .string(let kind)? = envelope["t"],
            case .object(let payload)? = envelope["d"]
        else {
            throw Failure(description: "Message must be {\"t\": \"d\" or \"c\", \"d\": {…}}")
        }
        switch kind {
        case "d":
            self = .request(try WireRequest(payload))
        case "c":
            guard case .string(let type)? = payload["t"] else {
                throw Failure(description: "Control message without a type")
            }
            self = type == "p" ? .ping : .control(type)
        default:
            throw Failure(description: "Unknown message type \"\(kind)\"")
        }
    }
}

/// One request of a client: its number, action (`s`, `auth`, `q`, `p`, …) and body.
public struct WireRequest: Sendable, Hashable {
    /// The number the answer carries back (`r`).
    public var number: Int64
    /// The action (`a`).
    public var action: String
    /// The body (`b`): an object for every action the SDKs send.
    public var body: [String: JSONValue]

    /// A request.
    public init(number: Int64, action: String, body: [String: JSONValue]) {
        self.number = number
        self.action = action
        self.body = body
    }

    init(_ payload: [String: JSONValue]) throws(WireClientMessage.Failure) {
        guard case .number(let number)? = payload["r"], number >= 0, number == number.rounded(),
            number < 9_007_199_254_740_992
        else {
            throw WireClientMessage.Failure(description: "Request without a valid number \"r\"")
        }
        guard case .string(let action)? = payload["a"] else {
            throw WireClientMessage.Failure(description: "Request without an action \"a\"")
        }
        switch payload["b"] {
        case .object(let body)?: self.init(number: Int64(number), action: action, body: body)
        case nil, .null?: self.init(number: Int64(number), action: action, body: [:])
        default: throw WireClientMessage.Failure(description: "Request body \"b\" must be an object")
        }
    }
}
