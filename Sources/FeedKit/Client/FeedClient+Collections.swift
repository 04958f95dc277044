import Foundation

extension FeedClient {
    /// Every public album.
    public func collections(perPage: Int = 30) -> Pages<Collection> {
        Pages(self, .listCollections, query: paging(perPage), decode: PageBody.array)
    }

    /// One album.
    public func collection(_ id: String) async throws -> Collection {
        try await call(.getCollection, [id])
    }

    /// An album's photos.
    public func photos(inCollection id: String, orientation: PhotoOrientation? = nil, perPage: Int = 30)
        -> Pages<Photo>
    {
        Pages(
            self, .listCollectionPhotos, [id],
            query: paging(perPage) + [
                URLQueryItem(name: "orientation", value: orientation?.rawValue)
            ], decode: PageBody.array)
    }

    /// Albums like this one (at most ten).
    public func related(toCollection id: String) async throws -> [Collection] {
        try await call(.listRelatedCollections, [id])
    }

    /// Creates an album as the signed-in user (scope `write_collections`); `draft.title` is required.
    public func createCollection(_ draft: CollectionEdit) async throws -> Collection {
        try await call(.createCollection, body: try .json(draft))
    }

    /// Changes one of your albums (scope `write_collections`).
    public func update(collection id: String, _ changes: CollectionEdit) async throws -> Collection {
        try await call(.updateCollection, [id], body: try .json(changes))
    }

    /// Deletes one of your albums; its photos stay (scope `write_collections`).
    public func delete(collection id: String) async throws {
        try await perform(.deleteCollection, [id])
    }

    /// Adds a photo to one of your albums (scope `write_collections`).
    public func add(photo photoID: String, toCollection id: String) async throws -> CollectionMembershipResult {
        try await call(.addPhotoToCollection, [id], body: try .json(["photo_id": photoID]))
    }

    /// Takes a photo out of one of your albums (scope `write_collections`).
    public func remove(photo photoID: String, fromCollection id: String) async throws -> CollectionMembershipResult {
        try await call(.removePhotoFromCollection, [id], query: [URLQueryItem(name: "photo_id", value: photoID)])
    }

    /// The topics, featured first by default.
    public func topics(sortedBy sort: TopicSort = .featured, perPage: Int = 30) -> Pages<Topic> {
        Pages(
            self, .listTopics, query: paging(perPage) + [URLQueryItem(name: "order_by", value: sort.rawValue)],
            decode: PageBody.array)
    }

    /// One topic, by id or slug.
    public func topic(_ idOrSlug: String) async throws -> Topic {
        try await call(.getTopic, [idOrSlug])
    }

    /// A topic's photos.
    public func photos(inTopic idOrSlug: String, orientation: PhotoOrientation? = nil, perPage: Int = 30)
        -> Pages<Photo>
    {
        Pages(
            self, .listTopicPhotos, [idOrSlug],
            query: paging(perPage) + [
                URLQueryItem(name: "orientation", value: orientation?.rawValue)
            ], decode: PageBody.array)
    }
}
