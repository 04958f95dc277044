import FeedLibrary
import Firebase
import Foundation
import NIOCore
import NIOWebSocket
import TestSupport

/// A client of the database's WebSocket protocol for tests, over ``WebSocketTestClient``: joins counted frames into
/// messages as firebase-js-sdk's `WebSocketConnection.handleIncomingFrame` does, numbers requests as
/// `PersistentConnection.sendRequest` does, and keeps every message received in order in ``log``.
final class WireTestConnection {
    let socket: WebSocketTestClient
    private(set) var log: [Firebase.JSONValue] = []
    /// Every text frame received, as received.
    private(set) var frames: [String] = []
    /// The close frame's code and reason, once the server closed.
    private(set) var closed: (code: WebSocketErrorCode, reason: String)?
    private var number = 0
    private var taken = Set<Int>()
    private(set) var hello: Firebase.JSONValue = .null

    init(socket: WebSocketTestClient) {
        self.socket = socket
    }

    /// Runs `body` with a connection to the listener at `port` (namespace `test`), after reading the hello.
    static func with<Result>(
        port: Int, uri: String = "/.ws?v=5&ns=test", receiveBufferBytes: Int? = nil,
        _ body: (WireTestConnection) async throws -> Result
    ) async throws -> Result {
        try await WebSocketTestClient.with(port: port, uri: uri, receiveBufferBytes: receiveBufferBytes) { socket in
            let connection = WireTestConnection(socket: socket)
            connection.hello = try await connection.receive() ?? .null
            return try await body(connection)
        }
    }

    /// Sends a JSON message (split into counted frames when long).
    func send(_ json: String) async throws {
        for frame in WireFraming.frames(for: json) { try await socket.send(text: frame) }
    }

    /// The next message; nil once the server closed (``closed`` then says how).
    func receive() async throws -> Firebase.JSONValue? {
        var segments: [String] = []
        var expected: Int?
        while let frame = try await socket.receive() {
            switch frame.opcode {
            case .text:
                let text = String(buffer: frame.unmaskedData)
                frames.append(text)
                if expected == nil, text.utf8.count <= 6, let count = Int(text) {
                    expected = count
                    continue
                }
                segments.append(text)
                if expected == nil || segments.count == expected {
                    let message = try Firebase.JSONValue.parse(segments.joined())
                    log.append(message)
                    return message
                }
            case .connectionClose:
                var data = frame.unmaskedData
                let code = data.readWebSocketErrorCode() ?? .unknown(0)
                closed = (code, data.readString(length: data.readableBytes) ?? "")
                return nil
            default:
                continue
            }
        }
        return nil
    }

    /// Sends request `action` with `body` (JSON text) and returns its answer `{s, d}`; pushes before it stay in
    /// the log.
    @discardableResult
    func request(_ action: String, _ body: String) async throws -> Firebase.JSONValue {
        number += 1
        let sent = number
        try await send(#"{"t":"d","d":{"r":\#(sent),"a":"\#(action)","b":\#(body)}}"#)
        while let message = try await receive() {
            if message["d"]?["r"] == .number(Double(sent)) { return message["d"]?["b"] ?? .null }
        }
        throw WebSocketTestClient.Refused(description: "closed before answering \(action): \(closed as Any)")
    }

    /// The first push of `action` matching `condition` not taken yet, from the log or arriving next.
    func push(_ action: String, where condition: (Firebase.JSONValue) -> Bool = { _ in true }) async throws
        -> Firebase.JSONValue
    {
        func matches(_ message: Firebase.JSONValue) -> Bool {
            message["t"] == .string("d") && message["d"]?["a"] == .string(action)
                && condition(message["d"]?["b"] ?? .null)
        }
        for (index, message) in log.enumerated() where !taken.contains(index) && matches(message) {
            taken.insert(index)
            return message["d"]!["b"]!
        }
        while let message = try await receive() {
            if matches(message) {
                taken.insert(log.count - 1)
                return message["d"]!["b"]!
            }
        }
        throw WebSocketTestClient.Refused(description: "closed before a push of \(action): \(closed as Any)")
    }

    /// Where in the log the first message matching `condition` is.
    func index(where condition: (Firebase.JSONValue) -> Bool) -> Int? {
        log.firstIndex(where: condition)
    }

    /// Reads until the server closes; returns its close frame's code and reason.
    func untilClosed() async throws -> (code: WebSocketErrorCode, reason: String)? {
        while try await receive() != nil {}
        return closed
    }
}

extension Firebase.JSONValue {
    /// A value from JSON text written in a test.
    static func json(_ text: String) -> Firebase.JSONValue {
        try! Firebase.JSONValue.parse(text)
    }

    /// A push body's path.
    var path: String? { self["p"]?.stringValue }
}
