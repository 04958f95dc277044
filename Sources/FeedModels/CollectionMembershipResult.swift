import Foundation

/// `POST /collections/:id/add` and `DELETE /collections/:id/remove` → the photo, the album and the caller.
public struct CollectionMembershipResult: Codable, Sendable, Hashable {
    public var photo: Photo
    public var collection: Collection
    public var user: User
    public var createdAt: Date

    public init(photo: Photo, collection: Collection, user: User, createdAt: Date) {
        self.photo = photo
        self.collection = collection
        self.user = user
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case photo, collection, user
        case createdAt = "created_at"
    }
}
