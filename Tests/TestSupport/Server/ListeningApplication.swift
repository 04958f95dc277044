import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Runs `application` as `imagefeed serve` runs it — its whole configuration, the connection limit included — on a
/// free port of 127.0.0.1, calls `body` with that port, and stops it gracefully afterwards.
///
/// HummingbirdTesting's `.live` cannot do this: it keeps only the configured address. The application's services run
/// here; the router client a test also gets (``ServerTransport/listening``) runs none of them a second time.
func withListening<App: ApplicationProtocol>(
    _ application: App, _ body: @Sendable (Int) async throws -> Void
) async throws {
    let (ports, announce) = AsyncStream.makeStream(of: Int.self)
    let group = ServiceGroup(
        configuration: .init(
            services: [ListeningApplication(base: application, announce: announce)], logger: application.logger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            // A server that cannot start ends the stream, so the wait below ends too.
            defer { announce.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await tasks.waitForAll()
            throw ListeningError.didNotListen
        }
        do {
            try await body(port)
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}

/// Why ``withListening(_:_:)`` could not run its body.
enum ListeningError: Error, CustomStringConvertible {
    case didNotListen

    var description: String { "The application stopped before it listened on a port." }
}

/// `base` on port 0 of 127.0.0.1, everything else of its configuration kept, announcing the port it got.
struct ListeningApplication<Base: ApplicationProtocol>: ApplicationProtocol {
    typealias Responder = Base.Responder

    let base: Base
    let announce: AsyncStream<Int>.Continuation

    var responder: Responder {
        get async throws { try await base.responder }
    }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration {
        var configuration = base.configuration
        configuration.address = .hostname("127.0.0.1", port: 0)
        return configuration
    }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        if let port = channel.localAddress?.port { announce.yield(port) }
    }
}

/// `base` without its services and start-up processes: a router for a test client while ``ListeningApplication``
/// runs them.
struct RouterOnlyApplication<Base: ApplicationProtocol>: ApplicationProtocol {
    typealias Responder = Base.Responder

    let base: Base

    var responder: Responder {
        get async throws { try await base.responder }
    }
    var configuration: ApplicationConfiguration { base.configuration }
    var logger: Logger { base.logger }
}
