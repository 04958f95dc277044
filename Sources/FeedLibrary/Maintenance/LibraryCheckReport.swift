import Crypto
import FeedStore
import Foundation
import Imaging

/// What `imagefeed check` found: the database against the files.
public struct LibraryCheckReport: Sendable {
    /// How many originals the library points at.
    public var originals = 0
    /// Originals the library points at that are not on disk. Not repairable here: restore them from a backup.
    public var missing: [StoredOriginal] = []
    /// Originals whose bytes no longer hash to their name. Not repairable here: restore them from a backup.
    public var corrupt: [StoredOriginal] = []
    /// Large originals whose mezzanine is missing: renditions are then made from the original, slower. `--repair`
    /// makes them again.
    public var missingMezzanines: [StoredOriginal] = []
    /// How many mezzanines `--repair` made again.
    public var remade = 0
    /// Files under `originals/` and `mezzanines/` that nothing points at, relative to the data directory.
    public var orphanedFiles: [String] = []
    /// Rendition folders of photos and avatars that no longer exist.
    public var orphanedRenditions: [String] = []
    /// Files a killed process left in the scratch folder.
    public var leftovers: [String] = []
    /// Orphans and leftovers newer than the check's settling time: possibly an import still writing, so left alone.
    public var recent: [String] = []
    /// How many files and folders `--repair` removed.
    public var removed = 0

    /// Whether anything needs attention (recent files excepted).
    public var isClean: Bool {
        missing.isEmpty && corrupt.isEmpty && missingMezzanines.isEmpty && orphanedFiles.isEmpty
            && orphanedRenditions.isEmpty && leftovers.isEmpty
    }
}
