import FeedModels
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers requests that cannot even be read as HTTP — a request line and headers past 80 kB, bytes no URL may
/// hold, a broken request line — with the API's own `{"errors": [...]}` and a status that says which. Without it
/// the framework answers them with an empty 400, which tells a client nothing.
///
/// The decoder's error reaches this handler, first of those behind the HTTP codec, in place of a request. The answer
/// waits for any earlier request of the connection to be answered: answers go out in order. The connection is then
/// closed, as it must be: the decoder cannot find where the next request starts.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Requests read whose answer has not ended yet.
    private var unanswered = 0
    /// The answer to a malformed request, waiting for the answers before it.
    private var pending: APIError?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { unanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data) else { return }
        unanswered -= 1
        if unanswered == 0, let error = pending {
            pending = nil
            answer(error, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let answer = Self.answer(to: parserError)
        if unanswered == 0 { self.answer(answer, context: context) } else { pending = answer }
    }

    private func answer(_ error: APIError, context: ChannelHandlerContext) {
        let body = FeedJSONEncoder.body(ErrorBody(errors: error.messages))
        let head = HTTPResponse(status: error.status, headerFields: [
            .contentType: FeedJSONEncoder.contentType, .contentLength: String(body.readableBytes), .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The status and message for what the decoder could not read.
    static func answer(to error: HTTPParserError) -> APIError {
        switch error {
        case .headerOverflow:
            APIError(.init(code: 431, reasonPhrase: "Request Header Fields Too Large"),
                "The request line and headers are larger than 80 kB. Send long queries in a POST body, or fewer or shorter headers.")
        case .invalidURL, .invalidCharactersUsed, .invalidPath, .invalidQueryString, .invalidFragment:
            APIError(.badRequest,
                "The request line holds bytes a URL may not contain. Percent-encode the path and the query as UTF-8 (RFC 3986).")
        case .invalidHeaderToken, .invalidConstant, .lfExpected, .invalidEOFState, .closedConnection:
            APIError(.badRequest, "The request headers are not valid HTTP/1.1 (\(error)).")
        case .invalidMethod:
            APIError(.badRequest, "The request method is not a valid HTTP method.")
        case .invalidVersion:
            APIError(.init(code: 505, reasonPhrase: "HTTP Version Not Supported"), "Only HTTP/1.0 and HTTP/1.1 are served here.")
        case .invalidContentLength, .unexpectedContentLength, .invalidChunkSize:
            APIError(.badRequest, "The request body's length is not valid HTTP/1.1 (\(error)).")
        default:
            APIError(.badRequest, "The request could not be read as HTTP/1.1 (\(error)).")
        }
    }
}
