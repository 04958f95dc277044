import FeedStore
import Foundation
import Logging
import ServiceLifecycle

/// `serve`: tries again, every `interval`, the deletions the storage did not take when they were made (a bucket
/// that did not answer), so that nothing a deletion left stays in the bucket for ever. Once per period for the whole
/// library, whichever node claims the period's run in the database, as `--sync-every`'s syncs are. A deletion that
/// fails again waits `interval`, then twice as long each time, up to an hour.
public struct PendingDeletionService: Service {
    let files: LibraryFiles
    let store: LibraryStore
    let interval: Duration
    let logger: Logger
    /// Told how many deletions are still waiting after each round (for `/metrics`).
    let waiting: @Sendable (Int) -> Void

    public init(
        files: LibraryFiles, store: LibraryStore, interval: Duration, logger: Logger,
        waiting: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.files = files
        self.store = store
        self.interval = interval
        self.logger = logger
        self.waiting = waiting
    }

    /// Who claims the runs: this machine and process.
    let holder = "\(ProcessInfo.processInfo.hostName)#\(ProcessInfo.processInfo.processIdentifier)"

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            repeat {
                await round()
            } while (try? await Task.sleep(for: interval)) != nil
        }
    }

    /// One round: when this node claims it, as many due deletions as the storage takes; on every node, the count of
    /// those still waiting (for `/metrics`).
    func round() async {
        do {
            if try await store.claimJobRun("pending-deletions", every: interval.timeInterval, holder: holder) {
                let (deleted, left) = try await files.retryPendingDeletions(in: store, pause: interval)
                if deleted > 0 {
                    logger.notice(
                        "Deleted files the storage had not taken before",
                        metadata: [
                            "deleted": "\(deleted)", "still_waiting": "\(left)",
                        ])
                }
            }
            waiting(try await store.pendingDeletionCount())
        } catch {
            logger.debug("Could not retry the pending deletions", metadata: ["error": "\(error)"])
        }
    }
}
