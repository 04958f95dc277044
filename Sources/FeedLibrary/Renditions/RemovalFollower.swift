import FeedStore
import Foundation
import Logging
import ServiceLifecycle

/// Keeps a node's own rendition cache in step with deletions made on other nodes, when the library is in a bucket.
///
/// The node that deletes a photo removes its files from the bucket and from its own cache; every other node still
/// has the renditions it cached, and its cache-first path would go on serving them without asking the database.
/// So each node reads the `removed_photos` log (written by a trigger on every deletion) every `interval` and drops
/// those photos' renditions from its disk and memory. The log is read with an overlap (`overlap`), so a deletion
/// committed late or stamped by a slightly different clock is still seen; dropping twice is harmless.
///
/// Where the node got to is kept in the data directory. A node that was away for longer than the log keeps
/// deletions (``LibraryStore/removalLogRetention``), or has no record, empties its rendition cache instead: it is
/// only a cache, and the bucket has every rendition that still exists.
public struct RemovalFollower: Service {
    let store: LibraryStore
    let renditions: RenditionService
    let interval: Duration
    let logger: Logger
    var overlap: TimeInterval = 120

    public init(store: LibraryStore, renditions: RenditionService, interval: Duration, logger: Logger) {
        self.store = store
        self.renditions = renditions
        self.interval = interval
        self.logger = logger
    }

    /// The file that says up to when this node has followed the log.
    var checkpointPath: String { renditions.files.path(of: "removals-followed") }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var followed = startingPoint()
            var dropped: [String: Date] = [:]
            var lastPrune = Date.distantPast
            repeat {
                do {
                    let now = Date()
                    for removal in try await store.removedPhotos(since: followed.addingTimeInterval(-overlap))
                    where dropped[removal.photoID] == nil {
                        await renditions.dropLocally(photoIDs: [removal.photoID])
                        dropped[removal.photoID] = removal.removedAt
                    }
                    followed = now
                    dropped = dropped.filter { $0.value >= now.addingTimeInterval(-2 * overlap) }
                    try? renditions.files.writeAtomically(
                        Array(String(Int64(now.timeIntervalSince1970)).utf8), to: checkpointPath, durable: false)
                    if now.timeIntervalSince(lastPrune) > 3600 {
                        lastPrune = now
                        try await store.pruneRemovedPhotos(before: now.addingTimeInterval(-LibraryStore.removalLogRetention))
                    }
                } catch {
                    logger.warning("Could not read the deletions of other nodes", metadata: ["error": "\(error)"])
                }
            } while (try? await Task.sleep(for: interval)) != nil
        }
    }

    /// Up to when the cache has followed the log; after emptying the cache when that is unknown or too long ago.
    public func startingPoint(now: Date = Date()) -> Date {
        let text = (try? String(contentsOfFile: checkpointPath, encoding: .utf8)) ?? ""
        if let seconds = TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            let followed = Date(timeIntervalSince1970: seconds)
            if now.timeIntervalSince(followed) < LibraryStore.removalLogRetention - overlap { return followed }
        }
        renditions.dropAllLocally()
        return now
    }
}
