import FeedModels
import Foundation
import SQLKit

/// Where a page of the feed ended: the sort key of its last photo. Opaque to clients (`Link` carries it).
public struct FeedCursor: Sendable, Hashable {
    public var createdAt: Int64
    public var likes: Int
    public var id: String

    /// The cursor after `photo`.
    public init(after photo: PhotoRecord) {
        self.createdAt = photo.createdAt.storedSeconds
        self.likes = photo.likes
        self.id = photo.id
    }

    /// Parses the text form, `created.likes.id`; nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3, let createdAt = Int64(parts[0]), let likes = Int(parts[1]),
            (0...1_000_000_000).contains(likes),
            parts[2].count == 11, parts[2].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        self.createdAt = createdAt
        self.likes = likes
        self.id = parts[2]
    }

    /// The text form.
    public var text: String { "\(createdAt).\(likes).\(id)" }
}
