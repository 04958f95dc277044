import Logging
import NIOPosix
import ServiceLifecycle

/// Runs the rendition cache's sweeps (see ``RenditionCacheLimit``) on a thread pool: at start, when
/// this process's writes may have filled the budget, and every `interval`, for what other processes wrote (an
/// import, another node). One sweep at a time; requests made during one are answered by the next.
public struct RenditionCacheService: Service {
    let limit: RenditionCacheLimit
    let threadPool: NIOThreadPool
    let interval: Duration
    let logger: Logger

    public init(limit: RenditionCacheLimit, threadPool: NIOThreadPool, interval: Duration, logger: Logger) {
        self.limit = limit
        self.threadPool = threadPool
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { [limit, interval] in
                    while (try? await Task.sleep(for: interval)) != nil { limit.requestSweep() }
                }
                for await _ in limit.sweepRequests {
                    guard let sweep = try? await threadPool.runIfActive({ limit.sweep() }) else { break }
                    if sweep.removedFiles > 0 {
                        logger.info(
                            "Rendition cache over its budget: removed the least recently used renditions",
                            metadata: [
                                "removed_files": "\(sweep.removedFiles)", "removed_bytes": "\(sweep.removedBytes)",
                                "kept_bytes": "\(sweep.bytes - sweep.removedBytes)", "budget_bytes": "\(limit.budget)",
                            ])
                    }
                }
                group.cancelAll()
            }
        }
    }
}
