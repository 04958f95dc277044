import Foundation

/// The small collection reference Unsplash nests in `current_user_collections`.
public struct CollectionReference: Codable, Sendable, Hashable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
