import FeedStore
import Foundation
import Logging
import ServiceLifecycle

/// `serve --sync-every`: syncs every remote source at start and then every `interval`, one source after another —
/// once per period for the whole library, whichever node claims the period's run (see `run()`). Each sync also
/// takes its source's lease, so a sync that outlasts the period never runs twice at once.
public struct SourceSyncService: Service {
    let syncer: SourceSyncer
    let interval: Duration
    let logger: Logger

    public init(syncer: SourceSyncer, interval: Duration, logger: Logger) {
        self.syncer = syncer
        self.interval = interval
        self.logger = logger
    }

    /// Who claims the runs: this machine and process.
    let holder = "\(ProcessInfo.processInfo.hostName)#\(ProcessInfo.processInfo.processIdentifier)"

    /// Every node with `--sync-every` asks whether a run is due a few times per period; the first to ask claims it
    /// in the database, so the sources are synced once per period however many nodes serve the library.
    public func run() async throws {
        let poll = max(.milliseconds(50), min(.seconds(60), interval / 4))
        await cancelWhenGracefulShutdown {
            repeat {
                do {
                    if try await syncer.store.claimJobRun("source-sync", every: interval.timeInterval, holder: holder) {
                        await syncAll()
                    }
                } catch {
                    logger.error("Could not claim the sources' sync", metadata: ["error": "\(error)"])
                }
            } while (try? await Task.sleep(for: poll)) != nil
        }
    }

    func syncAll() async {
        let sources: [SourceRecord]
        do {
            sources = try await syncer.store.sources()
        } catch {
            logger.error("Could not read the sources to sync", metadata: ["error": "\(error)"])
            return
        }
        for source in sources {
            guard !Task.isCancelled else { return }
            do {
                let summary = try await syncer.sync(source)
                logger.info("Synced a source", metadata: ["source": "\(source.name)", "summary": "\(summary)"])
            } catch {
                logger.warning(
                    "A source's sync did not finish",
                    metadata: [
                        "source": "\(source.name)", "error": "\(error)",
                    ])
            }
        }
    }
}
