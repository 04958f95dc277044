import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

/// What happened to one photo of a sync.
public enum SyncOutcome: Sendable, Hashable {
    case added(photoID: String)
    case updated(photoID: String)
    case unchanged(photoID: String)
    case failed(reason: String)
}

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

/// How a sync ended.
public struct SyncSummary: Sendable, Hashable, CustomStringConvertible {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0
    public var marked = 0
    public var failed: [String] = []

    public var description: String {
        var parts = ["\(added) added", "\(updated) updated", "\(unchanged) unchanged"]
        if removed > 0 { parts.append("\(removed) removed") }
        if marked > 0 { parts.append("\(marked) marked as removed at the source") }
        if !failed.isEmpty { parts.append("\(failed.count) failed") }
        return parts.joined(separator: ", ")
    }
}
