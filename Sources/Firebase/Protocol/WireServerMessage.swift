/// A message the server sends over the WebSocket protocol, written as the SDKs read it.
///
/// Mirrors firebase-js-sdk `realtime/Connection.ts` (`onControl_`: `h` hello, `o` pong, `r` reset, `s` shutdown,
/// `e` error; `onHandshake_` reads `ts`, `v`, `h`, `s`) and `core/PersistentConnection.ts` (`onDataMessage_`: a
/// response `{r, b: {s, d}}`, a push `{a, b}`), with firebase-ios-sdk `Realtime/FConnection.m` and
/// `Core/FPersistentConnection.m`. Data travels as the JSON text of a node with its priorities (`.priority`,
/// `.value`), as `nodeFromJSON` reads it.
public enum WireServerMessage: Sendable, Hashable {
    /// The hello, sent first: the server's time, the protocol version, the host the client should use from now on
    /// and the session's id.
    case hello(timestamp: Int64, host: String, sessionID: String)
    /// The answer to a ping.
    case pong
    /// Reconnect, to this host (the client closes and connects again after its back-off).
    case reset(host: String)
    /// The server is going away for good; the JS SDK stops reconnecting after it.
    case shutdown(reason: String)
    /// A server-side error the client logs.
    case error(String)
    /// The answer to request `number`: a status (`ok`, `permission_denied`, `datastale`, …) and its data as JSON
    /// text (nil: no `d`).
    case response(number: Int64, status: String, data: String?)
    /// A push of action `action` (`d`, `m`, `c`, `ac`) with its body as JSON text.
    case push(action: String, body: String)

    /// The JSON text of the message.
    public var text: String {
        switch self {
        case .hello(let timestamp, let host, let sessionID):
            return "{\"t\":\"c\",\"d\":{\"t\":\"h\",\"d\":{\"ts\":\(timestamp),\"v\":\"5\",\"h\":"
                + Self.quoted(host) + ",\"s\":" + Self.quoted(sessionID) + "}}}"
        case .pong:
            return "{\"t\":\"c\",\"d\":{\"t\":\"o\",\"d\":null}}"
        case .reset(let host):
            return "{\"t\":\"c\",\"d\":{\"t\":\"r\",\"d\":" + Self.quoted(host) + "}}"
        case .shutdown(let reason):
            return "{\"t\":\"c\",\"d\":{\"t\":\"s\",\"d\":" + Self.quoted(reason) + "}}"
        case .error(let text):
            return "{\"t\":\"c\",\"d\":{\"t\":\"e\",\"d\":" + Self.quoted(text) + "}}"
        case .response(let number, let status, let data):
            let body = "{\"s\":" + Self.quoted(status) + (data.map { ",\"d\":" + $0 } ?? "") + "}"
            return "{\"t\":\"d\",\"d\":{\"r\":\(number),\"b\":" + body + "}}"
        case .push(let action, let body):
            // The body before the action, as Firebase's servers write it (a recorded transcript replays byte for byte).
            return "{\"t\":\"d\",\"d\":{\"b\":" + body + ",\"a\":" + Self.quoted(action) + "}}"
        }
    }

    /// A data push (`d`, or `m` for a merge) for `path` (written without its leading slash, as the servers do),
    /// with the listen's tag when it has one.
    public static func data(merge: Bool, path: DatabasePath, data: String, tag: Int64?) -> WireServerMessage {
        let pathText = path.segments.joined(separator: "/")
        var body = "{\"p\":" + quoted(pathText) + ",\"d\":" + data
        if let tag { body += ",\"t\":\(tag)" }
        return .push(action: merge ? "m" : "d", body: body + "}")
    }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        JSONValue.string(text).serializedString()
    }
}
