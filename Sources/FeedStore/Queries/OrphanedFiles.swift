import Foundation
import SQLKit

/// What a deletion left on disk with nothing in the library pointing at it: originals no photo and no avatar
/// uses any more, and the photos whose cached renditions go with them.
public struct OrphanedFiles: Sendable, Equatable {
    public var photoIDs: [String]
    public var originals: [StoredOriginal]

    public init(photoIDs: [String] = [], originals: [StoredOriginal] = []) {
        self.photoIDs = photoIDs
        self.originals = originals
    }
}
