import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

/// Progress of a sync, as it happens.
public enum SyncEvent: Sendable {
    /// The sync will look at up to this many photos.
    case started(source: String, limit: Int)
    case photo(remoteID: String, outcome: SyncOutcome)
    /// The source asked to slow down (or failed for a moment); the sync waits this long.
    case waiting(Duration, reason: String)
    /// Photos gone from the source: hotlinked ones removed, downloaded ones marked.
    case removed(remoteID: String, deleted: Bool)
}
