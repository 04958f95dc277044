import Foundation
import SQLKit

/// A photo deleted by some node, from the `removed_photos` log.
public struct RemovedPhoto: Sendable, Hashable {
    public let photoID: String
    public let removedAt: Date
}
