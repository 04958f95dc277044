import Foundation
import SQLKit

/// An avatar replaced, or left by a deleted account, from the `removed_avatars` log.
public struct RemovedAvatar: Sendable, Hashable {
    public let sha256: String
    public let removedAt: Date
}
