import FeedStore
import Foundation
import Logging
import ServiceLifecycle

/// Removes what Storage writes left behind: resumable uploads past their lifetime (with the chunks they received),
/// and blobs no row uses — noted as pending by a write whose process died before its commit, or by a transaction
/// whose process died before removing the blob it stopped using. Once per period for the whole cluster, whichever
/// node claims the period's run.
public struct FirebaseStorageSweeper: Service {
    public let storage: FirebaseStorageService
    public let interval: Duration
    public let logger: Logger
    /// How old a pending blob must be before it is taken for abandoned: longer than any write takes.
    public var abandonedAfter: TimeInterval = 24 * 3600

    let holder = "\(ProcessInfo.processInfo.hostName)#\(ProcessInfo.processInfo.processIdentifier)"

    public init(storage: FirebaseStorageService, interval: Duration, logger: Logger) {
        self.storage = storage
        self.interval = interval
        self.logger = logger
    }

    /// Waits first, then sweeps when this node claims the period's run. Only the waits end at a shutdown: a sweep
    /// under way finishes, so that no database call is cut off while the database closes.
    public func run() async throws {
        let poll = max(.milliseconds(50), min(.seconds(60), interval / 4))
        while !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: poll) }
            if Task.isShuttingDownGracefully || Task.isCancelled { break }
            do {
                if try await storage.store.claimJobRun(
                    "firebase-storage-sweep", every: interval.timeInterval, holder: holder)
                {
                    try await sweep()
                }
            } catch {
                logger.error("Could not sweep Firebase Storage", metadata: ["error": "\(error)"])
            }
        }
    }

    /// One sweep: expired uploads, then abandoned blobs.
    public func sweep() async throws {
        let now = storage.now()
        await storage.removeBlobs(try await storage.store.removeExpiredUploadSessions(before: now))
        let abandoned = try await storage.store.stalePendingBlobs(before: now.addingTimeInterval(-abandonedAfter))
        if !abandoned.isEmpty {
            logger.info("Removing abandoned Storage blobs", metadata: ["count": "\(abandoned.count)"])
            await storage.removeBlobs(abandoned)
        }
    }
}
