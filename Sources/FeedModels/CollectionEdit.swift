import Foundation

/// `POST /collections` and `PUT /collections/:id`: an album's title, description and privacy. On an update only the
/// fields that are set change; a new album needs a title.
public struct CollectionEdit: Codable, Sendable, Hashable {
    public var title: String?
    public var description: String?
    public var isPrivate: Bool?

    public init(title: String? = nil, description: String? = nil, isPrivate: Bool? = nil) {
        self.title = title
        self.description = description
        self.isPrivate = isPrivate
    }

    enum CodingKeys: String, CodingKey {
        case title, description
        case isPrivate = "private"
    }
}
