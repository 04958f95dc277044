import FeedLibrary
import Firebase
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

extension DatabaseRESTController {
    /// `GET` with `Accept: text/event-stream`: Firebase's REST streaming (https://firebase.google.com/docs/database/
    /// rest/retrieve-data#section-rest-streaming). A `put` of the data first, then `put` and `patch` for each change
    /// (paths relative to the listened location, only what changed), `keep-alive` every
    /// ``DatabaseSettings/keepAliveInterval``, `cancel` when the rules stop allowing the read and
    /// `auth_revoked` when the token expires or is revoked; the stream ends after those two. A client that leaves more
    /// than ``DatabaseSettings/maximumUnreadBytes`` unread has its connection closed (EventSource reconnects).
    func stream(_ request: DatabaseRESTRequest, caller: DatabaseCaller, logger: Logger) async throws -> Response {
        if request.shallow {
            throw DatabaseServiceError(status: 400, "shallow can't be streamed; read it with a plain GET.")
        }
        if request.path.isPriority {
            throw DatabaseServiceError(status: 400, "A priority can't be streamed; stream its node instead.")
        }
        let listener = try await database.listen(
            namespace: request.namespace, path: request.path, query: request.query, caller: caller)
        var headers = DatabaseResponses.commonHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        // nginx (deploy/nginx) passes events on as they come instead of buffering them.
        headers[Self.accelBuffering] = "no"
        let format = request.format
        let limit = database.settings.maximumUnreadBytes
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // The listener's events are queued as they come and written as the client reads them: a client that
                // stops reading holds at most `limit` bytes here, then its connection is closed.
                let outbox = ConnectionOutbox<ByteBuffer>(limit: limit, connection: "a database stream", logger: logger)
                let connection = DatabaseConnection.channel
                async let queued: Void = Self.queue(listener, into: outbox, format: format, connection: connection)
                // The handler ends only after the stream's work has: the server drains its handlers before the
                // database closes.
                do {
                    try await outbox.drain { try await writer.write($0) }
                } catch {
                    outbox.finish()
                    await listener.stop()
                    await queued
                    throw error
                }
                await listener.stop()
                await queued
                try await writer.finish(nil)
            })
    }

    /// Turns the listener's events into text in `outbox` until the listener ends (the stream then ends once the
    /// outbox is written) or the outbox overflows: then `connection` is closed, which fails the write the client is
    /// not taking and ends the response.
    private static func queue(
        _ listener: DatabaseListener, into outbox: ConnectionOutbox<ByteBuffer>, format: DatabaseJSONFormat,
        connection: (any Channel)?
    ) async {
        for await event in listener {
            guard let text = eventText(event, format: format) else { continue }
            switch outbox.enqueue(ByteBuffer(string: text), bytes: text.utf8.count) {
            case .queued:
                continue
            case .overflowed:
                connection?.close(promise: nil)
                await listener.stop()
                return
            case .finished:
                return
            }
        }
        outbox.finish()
    }

    static let accelBuffering = HTTPField.Name("X-Accel-Buffering")!

    /// One event as Server-Sent Events text: `event: <name>\ndata: <json>\n\n`. Priorities are left out unless the
    /// stream asked for `format=export` (a priority-only change then says nothing).
    static func eventText(_ event: DatabaseStreamEvent, format: DatabaseJSONFormat) -> String? {
        switch event {
        case .put(let path, let node):
            if path.isPriority && format == .values { return nil }
            return frame("put", payload(path, node.jsonString(format: format)))
        case .patch(let path, let children):
            var members: [(String, DatabaseNode)] = children.sorted { FirebaseKeyOrder.compare($0.key, $1.key) < 0 }
                .map { ($0.key, $0.value) }
            if format == .values { members.removeAll { $0.0 == ".priority" } }
            if members.isEmpty { return nil }
            let data =
                "{"
                + members.map { DatabaseJSON.string($0.0).serializedString() + ":" + $0.1.jsonString(format: format) }
                .joined(separator: ",") + "}"
            return frame("patch", payload(path, data))
        case .keepAlive:
            return frame("keep-alive", "null")
        case .cancel:
            return frame("cancel", "null")
        case .authRevoked:
            return frame("auth_revoked", "\"credential is no longer valid\"")
        case .caughtUp:
            return nil
        }
    }

    private static func payload(_ path: DatabasePath, _ data: String) -> String {
        "{\"path\":" + DatabaseJSON.string(path.description).serializedString() + ",\"data\":" + data + "}"
    }

    private static func frame(_ name: String, _ data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }
}
