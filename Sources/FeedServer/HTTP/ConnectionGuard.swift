import FeedModels
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The first handler behind the HTTP codec on every connection: it keeps a connection from holding the server
/// longer than its client deserves, and answers what cannot be read as HTTP.
///
/// - Requests that cannot even be read as HTTP — a request line and headers past 80 kB, bytes no URL may hold, a
///   broken request line, a body whose length is ambiguous (the request-smuggling shapes: `Content-Length` with
///   `Transfer-Encoding`, two `Content-Length`s, an unknown `Transfer-Encoding`, a bad chunk size, obsolete line
///   folding, a bare LF) — get the API's own `{"errors": [...]}` with a status that says which, and the connection is
///   closed, as it must be: the decoder cannot tell where the next request starts. The answer waits for any earlier
///   request of the connection to be answered: answers go out in order. A request whose head reads well but whose
///   body cannot (junk in a chunk size) gets the refusal as its only answer, not its route's answer and then the
///   refusal; a `Transfer-Encoding` other than `chunked` alone is refused at its head, before any route sees it.
/// - A client that takes none of its answer for ``ConnectionSettings/writeTimeout`` (the outbound buffer stays
///   full), or sends a body slower than ``ConnectionSettings/minimumBodyRate``, is disconnected (see
///   `ConnectionGuard+Stalls.swift`).
/// - A connection with no request under way for ``ConnectionSettings/idleTimeout``, or whose request stops coming
///   for as long, is closed (see `ConnectionGuard+Idle.swift`). It is counted here rather than by the framework
///   because the fast path's answers never reach the framework's handlers.
/// - The connection is known to ``ConnectionRegistry``, which closes idle ones when the connection limit is
///   reached, so that thousands of idle keep-alive connections cannot keep a new client out; while the limit is
///   reached, a connection is closed once its last answer is written instead of being kept alive.
///
/// Everything here is per connection, or counts requests it already counted for the answers' order: the cached
/// answers of the fast path cost nothing more for it.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let settings: ConnectionSettings
    /// Requests read whose answer has not ended yet.
    private(set) var unanswered = 0
    /// The answer to a malformed request, waiting for the answers before it until `unanswered` is down to `after`
    /// (1 when the malformed request's own head was passed on: the refusal is its answer).
    private var pending: (error: APIError, after: Int)?
    /// Whether a request that cannot be read was met: nothing more the client sends is read.
    private var discarding = false
    /// Whether the refusal was written: what the application still writes for the refused request is dropped.
    private var refused = false
    /// Whether the oldest unanswered request's answer has begun (its head written, its end not yet).
    private var answering = false
    /// The close scheduled while the client takes none of its answer.
    var stallTimer: Scheduled<Void>?
    /// The body being received: when it began, how many bytes came, and the check of its rate.
    var body: (start: NIODeadline, bytes: Int, check: RepeatedTask)?
    /// Whether a request's head came and its end has not: the client is still sending it.
    var reading = false
    /// When the client last sent a part of a request, or the last answer ended (see `ConnectionGuard+Idle.swift`).
    var lastActivity = NIODeadline.uptimeNanoseconds(0)
    /// The next check of the idle timeout.
    var idleTimer: Scheduled<Void>?

    init(settings: ConnectionSettings = ConnectionSettings()) {
        self.settings = settings
    }

    /// Whether the connection has no request under way: between requests of a kept-alive connection, or before its
    /// first request's head is complete.
    var isIdle: Bool { unanswered == 0 }

    func handlerAdded(context: ChannelHandlerContext) {
        settings.registry?.register(context.channel, guard: self)
        if context.channel.isActive { startIdleTimer(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        settings.registry?.remove(context.channel)
        stallTimer?.cancel()
        stallTimer = nil
        idleTimer?.cancel()
        idleTimer = nil
        bodyEnded()
    }

    func channelActive(context: ChannelHandlerContext) {
        startIdleTimer(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if discarding { return }
        if settings.idleTimeout != nil { lastActivity = context.eventLoop.now }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let refusal = Self.refusal(of: head) {
                refuse(refusal, headPassedOn: false, context: context)
                return
            }
            unanswered += 1
            reading = true
        case .body(let buffer): bodyReceived(buffer.readableBytes, context: context)
        case .end:
            reading = false
            bodyEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if refused {
            // The refused request's own answer, or what follows it: the refusal took its place.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        guard case .end = unwrapOutboundIn(data) else {
            if case .head = unwrapOutboundIn(data) { answering = true }
            context.write(data, promise: promise)
            return
        }
        unanswered -= 1
        answering = false
        if unanswered == 0, pending == nil, settings.registry?.isFull == true {
            // At the connection limit, a connection is not kept alive past its last answer: its place goes to a
            // client waiting to be accepted. The answer is written whole first.
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            settings.registry?.counted(.reclaimed)
            context.write(data, promise: written)
            return
        }
        context.write(data, promise: promise)
        if unanswered == 0 { answered(context: context) }
        if let (error, after) = pending, unanswered == after {
            pending = nil
            answer(error, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // The decoder's complaint about what follows a request already refused (a body read with a coding it does
        // not implement): the refusal said it.
        if discarding { return }
        let answer = Self.answer(to: parserError)
        // A request whose end cannot be told (a smuggling attempt, or a broken client) is worth a line: the
        // connection is closed under whatever else it carried.
        settings.logger?.info(
            "Refused a request that is not valid HTTP/1.1",
            metadata: [
                "error": "\(parserError)", "status": "\(answer.status.code)",
                "peer": "\(context.channel.remoteAddress?.description ?? "unknown")",
            ])
        // While a request's body is being read, the error is in that request, whose head was passed on.
        refuse(answer, headPassedOn: reading, context: context)
    }

    /// Refuses the request being read and closes the connection after the refusal: at once when no earlier
    /// request waits for its answer, else once those are answered. When the refused request's head was passed on and
    /// its answer has not begun, the refusal is its answer; one begun (a route that answered without reading the
    /// body) is let end first.
    private func refuse(_ error: APIError, headPassedOn: Bool, context: ChannelHandlerContext) {
        discarding = true
        let ownAnswerOpen = headPassedOn && unanswered > 0 && !(unanswered == 1 && answering)
        let after = ownAnswerOpen ? 1 : 0
        if unanswered == after { answer(error, context: context) } else { pending = (error, after) }
    }

    private func answer(_ error: APIError, context: ChannelHandlerContext) {
        refused = true
        let body = FeedJSONEncoder.body(ErrorBody(errors: error.messages))
        let head = HTTPResponse(
            status: error.status,
            headerFields: [
                .contentType: FeedJSONEncoder.contentType, .contentLength: String(body.readableBytes),
                .connection: "close",
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The refusal of a head the decoder read but whose body this server cannot find the end of: a
    /// `Transfer-Encoding` other than `chunked` alone (RFC 9112 §6.1: an unknown coding; `chunked` must be the last
    /// and only coding of a request). Refused before any route sees the request, so its route's answer never goes out
    /// ahead of the refusal.
    static func refusal(of head: HTTPRequest) -> APIError? {
        let codings = head.headerFields[values: .transferEncoding]
        guard !codings.isEmpty else { return nil }
        let named = codings.flatMap { $0.split(separator: ",") }.map { $0.filter { !$0.isWhitespace }.lowercased() }
        if named == ["chunked"] { return nil }
        return APIError(
            .badRequest,
            "Transfer-Encoding: \(codings.joined(separator: ", ")) is not a coding this server reads. Send the body with Content-Length, or with Transfer-Encoding: chunked alone."
        )
    }

    /// The status and message for what the decoder could not read.
    static func answer(to error: HTTPParserError) -> APIError {
        switch error {
        case .headerOverflow:
            APIError(
                .init(code: 431, reasonPhrase: "Request Header Fields Too Large"),
                "The request line and headers are larger than 80 kB. Send long queries in a POST body, or fewer or shorter headers."
            )
        case .invalidURL, .invalidCharactersUsed, .invalidPath, .invalidQueryString, .invalidFragment:
            APIError(
                .badRequest,
                "The request line holds bytes a URL may not contain. Percent-encode the path and the query as UTF-8 (RFC 3986)."
            )
        case .invalidHeaderToken, .invalidConstant, .lfExpected, .invalidEOFState, .closedConnection:
            APIError(.badRequest, "The request headers are not valid HTTP/1.1 (\(error)).")
        case .invalidMethod:
            APIError(.badRequest, "The request method is not a valid HTTP method.")
        case .invalidVersion:
            APIError(
                .init(code: 505, reasonPhrase: "HTTP Version Not Supported"),
                "Only HTTP/1.0 and HTTP/1.1 are served here.")
        case .invalidContentLength, .unexpectedContentLength, .invalidChunkSize:
            APIError(.badRequest, "The request body's length is not valid HTTP/1.1 (\(error)).")
        default:
            APIError(.badRequest, "The request could not be read as HTTP/1.1 (\(error)).")
        }
    }
}
