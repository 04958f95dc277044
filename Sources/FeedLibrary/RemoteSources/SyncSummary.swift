import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

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
