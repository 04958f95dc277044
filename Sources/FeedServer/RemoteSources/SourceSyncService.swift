import FeedStore
import Logging
import ServiceLifecycle

/// `serve --sync-every`: syncs every remote source at start and then every `interval`, one source after another.
/// Each sync takes its source's lease, so several servers on one database sync each source once, not once each.
struct SourceSyncService: Service {
    let syncer: SourceSyncer
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            repeat {
                await syncAll()
            } while (try? await Task.sleep(for: interval)) != nil
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
                logger.warning("A source's sync did not finish", metadata: [
                    "source": "\(source.name)", "error": "\(error)",
                ])
            }
        }
    }
}
