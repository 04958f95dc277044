import FeedStore
import Foundation
import Logging
import ServiceLifecycle

/// Keeps a node's own rendition cache in step with deletions made on other nodes, when the library is in a bucket.
///
/// The node that deletes a photo, or replaces an avatar, removes its files from the bucket and from its own cache;
/// every other node still has what it cached of it (renditions, and the copies of the original or mezzanine it
/// rendered them from, all in the photo's or the avatar's folder of the cache), and its cache-first path would go on
/// serving them without asking the database. So each node reads the `removed_photos` and `removed_avatars` logs
/// (written by triggers on every deletion) every `interval` and drops those folders from its disk and memory. The
/// logs are read with an overlap (`overlap`), so a deletion committed late or stamped by a slightly different clock
/// is still seen; dropping twice is harmless.
///
/// Where the node got to is kept in the data directory. A node that was away for longer than the logs keep
/// deletions (``LibraryStore/removalLogRetention``), or has no record, empties its rendition cache instead: it is
/// only a cache, and the bucket has every rendition that still exists.
public struct RemovalFollower: Service {
    let store: LibraryStore
    let renditions: RenditionService
    let interval: Duration
    let logger: Logger
    var overlap: TimeInterval = 120

    /// How far the logs have been followed.
    struct Position {
        /// The logs are read from here (less the overlap) on the next pass.
        var followed: Date
        /// The cache folders dropped lately, and when their deletion was logged: not dropped again by the overlap.
        var dropped: [String: Date] = [:]
        /// When the logs were last pruned.
        var lastPrune = Date.distantPast
    }

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
            var position = Position(followed: startingPoint())
            repeat {
                do {
                    try await follow(&position, now: Date())
                } catch {
                    logger.warning("Could not read the deletions of other nodes", metadata: ["error": "\(error)"])
                }
            } while (try? await Task.sleep(for: interval)) != nil
        }
    }

    /// One pass: drops the cache folders of the photos and avatars removed since `position` (less the overlap),
    /// records `now` as followed, and prunes the logs once an hour.
    func follow(_ position: inout Position, now: Date) async throws {
        let since = position.followed.addingTimeInterval(-overlap)
        let photos = try await store.removedPhotos(since: since).map { ($0.photoID, $0.removedAt) }
        let avatars = try await store.removedAvatars(since: since).map {
            (LibraryFiles.avatarCacheID(sha256: $0.sha256), $0.removedAt)
        }
        for (cacheID, removedAt) in photos + avatars where position.dropped[cacheID] == nil {
            await renditions.dropLocally(cacheIDs: [cacheID])
            position.dropped[cacheID] = removedAt
        }
        position.followed = now
        position.dropped = position.dropped.filter { $0.value >= now.addingTimeInterval(-2 * overlap) }
        try? renditions.files.writeAtomically(
            Array(String(Int64(now.timeIntervalSince1970)).utf8), to: checkpointPath, durable: false)
        if now.timeIntervalSince(position.lastPrune) > 3600 {
            position.lastPrune = now
            try await store.pruneRemovedPhotos(before: now.addingTimeInterval(-LibraryStore.removalLogRetention))
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
