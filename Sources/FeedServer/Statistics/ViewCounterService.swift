import FeedStore
import Foundation
import HTTPTypes
import Locking
import Logging
import ServiceLifecycle

/// Writes the gathered views every `interval`, and once more when the server stops.
struct ViewCounterService: Service {
    let counter: ViewCounter
    let store: LibraryStore
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            await counter.flush(to: store, logger: logger)
            if Task.isCancelled { break }
        }
        await counter.flush(to: store, logger: logger)
    }
}
