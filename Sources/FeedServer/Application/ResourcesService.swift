import FeedKit
import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Holds the database and the thread pools (the general one and the renditions') for the application's lifetime and
/// closes them on shutdown (SIGTERM or SIGINT), after the server has stopped taking requests.
struct ResourcesService: Service {
    let store: LibraryStore
    let threadPools: [NIOThreadPool]
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        for pool in threadPools { try await pool.shutdownGracefully() }
        try await store.database.shutdown()
        logger.info("Closed the database")
    }
}
