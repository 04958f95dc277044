import Firebase
import Foundation
import Logging

/// One WebSocket connection of the Realtime Database's own protocol (issue 31): what the iOS, Android and JS SDKs
/// speak. The connection layer hands it each text frame and sends what it returns through `output`; the session
/// keeps the connection's identity (`auth`), its listens and its onDisconnect operations, and does every read, write
/// and listen through the same ``RealtimeDatabase`` as REST and streaming, so the rules, the change feed and the
/// cluster are one.
///
/// Requests are handled one at a time, in the order they came, as Firebase's servers do; listens push their changes
/// from tasks of their own. Mirrors the server side of firebase-js-sdk `core/PersistentConnection.ts`.
public actor DatabaseWireSession {
    /// Sends one message to the client; messages are sent in the order of the calls.
    public typealias Output = @Sendable (WireServerMessage) async -> Void

    let database: RealtimeDatabase
    let namespace: String
    /// The session id the hello gives (`s`), which the client sends back as `ls` when it reconnects.
    nonisolated public let sessionID: String
    let admin: FirebaseAdminGate
    let clientAddress: String?
    let output: Output
    let logger: Logger
    private var assembler: WireFrameAssembler

    /// Who the connection acts for: nobody until an `auth`.
    var caller: DatabaseCaller = .anonymous
    /// The task that sends `ac` when the token expires.
    var expiryTask: Task<Void, Never>?
    var listens: [ListenKey: ActiveListen] = [:]
    var nextListenID = 0
    var progressWaiters: [ProgressWaiter] = []
    var closed = false

    /// A session for a client of `namespace` (its `ns`) connecting from `clientAddress`.
    public init(
        database: RealtimeDatabase, namespace: String, admin: FirebaseAdminGate, clientAddress: String?,
        sessionID: String = DatabaseWireSession.makeSessionID(), logger: Logger, output: @escaping Output
    ) {
        self.database = database
        self.namespace = namespace
        self.admin = admin
        self.clientAddress = clientAddress
        self.sessionID = sessionID
        self.logger = logger
        self.output = output
        // The largest write, and room for the envelope around it.
        self.assembler = WireFrameAssembler(maximumMessageBytes: database.settings.maximumWriteBytes + 65_536)
    }

    /// A new random session id.
    public static func makeSessionID() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The hello, sent first: the server's time, and `host` (the `Host` the client connected to) as the host to use.
    public func hello(host: String) async {
        await output(.hello(timestamp: database.clock.milliseconds(), host: host, sessionID: sessionID))
    }

    /// Why the connection must close: the text goes in the close frame.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The reason.
        public let description: String
    }

    /// Handles one text frame; throws a ``Refusal`` when the connection must close (frames or messages that cannot
    /// be read).
    public func receive(frame: String) async throws(Refusal) {
        guard !closed else { return }
        let text: String?
        do {
            text = try assembler.receive(frame)
        } catch {
            throw Refusal(description: error.description)
        }
        guard let text else { return }
        let message: WireClientMessage
        do {
            message = try WireClientMessage(text: text)
        } catch {
            throw Refusal(description: error.description)
        }
        switch message {
        case .ping:
            await output(.pong)
        case .control:
            break
        case .request(let request):
            await handle(request)
        }
    }

    /// Answers one request.
    func handle(_ request: WireRequest) async {
        switch request.action {
        case "s":
            await respond(request, status: "ok", data: "\"\"")
        case "auth", "gauth":
            await authenticate(request)
        case "unauth":
            await unauthenticate(request)
        case "appcheck", "unappeck":
            // App Check is not enforced here; the SDKs only need the answer.
            await respond(request, status: "ok", data: "\"\"")
        case "q":
            await listen(request)
        case "n":
            await unlisten(request)
        case "g":
            await get(request)
        case "p", "m":
            await write(request)
        case "o", "om", "oc":
            await queueOnDisconnect(request)
        default:
            await respond(request, status: "invalid_action", message: "Unknown action \"\(request.action)\"")
        }
    }

    /// Sends the answer to `request`: a status and data as JSON text.
    func respond(_ request: WireRequest, status: String, data: String?) async {
        await output(.response(number: request.number, status: status, data: data))
    }

    /// Sends a refusal: a status and its message.
    func respond(_ request: WireRequest, status: String, message: String) async {
        await respond(request, status: status, data: WireServerMessage.quoted(message))
    }

    /// Sends the refusal an error calls for: Firebase's status strings for the SDKs' known cases.
    func respond(_ request: WireRequest, error: any Error) async {
        if let error = error as? DatabaseServiceError {
            await respond(request, status: Self.status(of: error), message: error.message)
        } else if let error = error as? DatabaseError {
            await respond(request, status: "invalid_data", message: error.message)
        } else {
            logger.warning(
                "A database request failed", metadata: ["action": "\(request.action)", "error": "\(error)"])
            await respond(request, status: "unavailable", message: "The service is unavailable")
        }
    }

    /// The status string of a refusal (`errorForServerCode` in firebase-js-sdk `core/util/util.ts` knows
    /// `permission_denied`, `too_big` and `unavailable`; auth answers use `invalid_token` and `expired_token`).
    static func status(of error: DatabaseServiceError) -> String {
        switch error {
        case .permissionDenied, .adminOnly: return "permission_denied"
        case .invalidToken, .revokedToken: return "invalid_token"
        case .expiredToken: return "expired_token"
        case .tooBig: return "too_big"
        default:
            if error.message.hasPrefix("Data to write exceeds") { return "write_too_big" }
            if error.message.hasPrefix("Index not defined") { return "no_index" }
            return error.status == 401 ? "permission_denied" : "invalid_data"
        }
    }

    /// Reads a request's path (`p`); `.info` is the client's own and cannot be read or written here.
    func path(of request: WireRequest, allowingPriority: Bool = false) throws -> DatabasePath {
        guard case .string(let text)? = request.body["p"] else {
            throw DatabaseError(.invalidPath, "Invalid path: the request has no path \"p\"")
        }
        let path = try DatabasePath(text, allowingPriority: allowingPriority, allowingInfo: true)
        if path.isInfo { throw DatabaseError(.invalidPath, "Invalid path: .info is the client's own") }
        return path
    }

    /// Ends the session: its listens stop, and its onDisconnect operations run (the connection closed, cleanly or
    /// not).
    public func close() async {
        guard !closed else { return }
        closed = true
        expiryTask?.cancel()
        let all = listens.values
        listens = [:]
        for listen in all { await listen.stop() }
        resumeAllWaiters()
        await runOnDisconnect()
    }
}
