import FeedStore
import Foundation
import Storage

/// What `imagefeed storage migrate` did.
public struct StorageMigrationReport: Sendable, Equatable {
    /// Files the library points at (originals, and the mezzanines of those that have one).
    public var files = 0
    /// Files copied and verified in this run.
    public var copied = 0
    /// Bytes copied in this run.
    public var bytes: Int64 = 0
    /// Files an earlier, interrupted run had already copied and verified.
    public var alreadyThere = 0
    /// Originals the library points at that are not in the data directory: restore them from a backup first.
    public var missing: [String] = []
    /// Local originals whose bytes no longer hash to their name: not copied, restore them from a backup first.
    public var corrupt: [String] = []

    /// Whether every original the library points at is now in the bucket.
    public var isComplete: Bool { missing.isEmpty && corrupt.isEmpty }
}
