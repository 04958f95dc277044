import FeedModels
import Foundation
import SQLKit

/// What recording an imported photo did.
public enum RecordOutcome: Sendable, Hashable {
    /// A new photo row now exists: the photo as its owner sees it.
    case inserted(PhotoRecord)
    /// A photo with the same bytes (sha256) was already there, under this id.
    case duplicate(id: String)
}
