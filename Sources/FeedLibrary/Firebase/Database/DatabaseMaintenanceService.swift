import FeedStore
import Foundation
import Logging
import ServiceLifecycle

/// Prunes the database's change log: once a minute, on whichever node claims the period, the changes older than
/// ``DatabaseSettings/changeRetention`` go (listeners that still needed them start again from a fresh read).
public struct DatabaseMaintenanceService: Service {
    let database: RealtimeDatabase
    let logger: Logger
    var interval: Duration = .seconds(60)

    /// Prunes `database`'s change log every `interval`.
    public init(database: RealtimeDatabase, logger: Logger, interval: Duration = .seconds(60)) {
        self.database = database
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        let holder = UUID().uuidString
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown {
                    try await database.clock.sleep(for: interval)
                }
            } catch {
                return
            }
            do {
                // The period is claimed on the database's clock, the one the changes are stamped with.
                let seconds = TimeInterval(interval.components.seconds)
                let now = Date(timeIntervalSince1970: TimeInterval(database.clock.milliseconds()) / 1000)
                if try await database.store.claimJobRun(
                    "rtdb-prune-changes", every: seconds, holder: holder, now: now)
                {
                    let pruned = try await database.pruneChanges()
                    logger.debug("Pruned the database's change log", metadata: ["changes": "\(pruned)"])
                }
            } catch {
                logger.warning("Could not prune the database's change log", metadata: ["error": "\(error)"])
            }
        }
    }
}

extension RealtimeDatabase {
    /// Forgets the changes older than ``DatabaseSettings/changeRetention``.
    @discardableResult
    public func pruneChanges() async throws -> Int {
        let retention = settings.changeRetention.milliseconds
        return try await store.pruneRealtimeChanges(before: clock.milliseconds() - retention)
    }
}
