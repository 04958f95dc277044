import Foundation
import HTTPTypes
import Hummingbird
import Locking
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers, on the event loop and without starting a task, the requests whose answer is already in memory: cached
/// renditions and anonymous cached API reads. It sits in each connection's pipeline in front of the framework and
/// asks ``FastRouter`` — built from the same route table, with the same group middleware made synchronous — for an
/// answer; everything it cannot answer at once goes on to the router unchanged.
///
/// A cached answer was most of what a request cost in the framework (a task, the middleware chain, the hops between
/// threads): this is what lets a cached thumbnail be served at a useful fraction of nginx's rate.
///
/// Answers stay in order on a connection: a request is answered here only while no earlier request of the same
/// connection is still waiting for the router's answer.
final class FastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let router: FastRouter
    private let log: FastPathLog
    private let clientAddress: ClientAddress
    private let site: SiteOrigin
    /// Requests passed on to the router whose answer has not ended yet.
    private var waiting = 0
    /// The request answered here is still sending its (empty) body, which is dropped.
    private var draining = false

    init(router: FastRouter, log: FastPathLog, clientAddress: ClientAddress, site: SiteOrigin) {
        self.router = router
        self.log = log
        self.clientAddress = clientAddress
        self.site = site
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if waiting == 0, !Self.closes(head), head.headerFields[.expect] == nil {
                let start = ContinuousClock.now
                let peer = context.channel.remoteAddress?.ipAddress
                // A request for a host name this server does not answer to is the router's to refuse.
                if let origin = site.origin(of: head, peer: peer),
                    let (found, route) = router.answer(
                        head, origin: origin,
                        remoteAddress: clientAddress.resolve(peer: peer, headers: head.headerFields))
                {
                    var answer = found
                    draining = true
                    let id = RequestIdentifier.of(head.headerFields)
                    answer.headers[.requestID] = id
                    write(answer, context: context)
                    log.record(head, answer.status, id: id, route: route, since: start)
                    return
                }
            }
            waiting += 1
            context.fireChannelRead(data)
        case .body:
            if !draining { context.fireChannelRead(data) }
        case .end:
            if draining {
                draining = false
            } else {
                context.fireChannelRead(data)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { waiting -= 1 }
        context.write(data, promise: promise)
    }

    private func write(_ answer: ImmediateResponse, context: ChannelHandlerContext) {
        var head = HTTPResponse(status: answer.status, headerFields: answer.headers)
        head.headerFields[.date] = log.dates.date
        head.headerFields[.server] = log.serverName
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body = answer.body, body.readableBytes > 0 { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Whether the client asked to close the connection after this request: that is the framework's to handle.
    private static func closes(_ head: HTTPRequest) -> Bool {
        head.headerFields[.connection]?.lowercased().contains("close") == true
    }
}
