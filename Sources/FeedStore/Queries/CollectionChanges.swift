import Foundation
import SQLKit

/// Changes to an album; nil leaves a field as it is.
public struct CollectionChanges: Sendable, Hashable {
    public var title: String?
    public var description: String?
    public var isPrivate: Bool?

    public init(title: String? = nil, description: String? = nil, isPrivate: Bool? = nil) {
        self.title = title
        self.description = description
        self.isPrivate = isPrivate
    }
}
