import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Albums: `/collections` and everything under it. Private albums exist only for their owner (404 to anyone else).
struct CollectionsController: Sendable {
    let store: LibraryStore
    let publicURL: String?

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/collections", use: list)
        router.post("/collections", use: create)
        router.get("/collections/:id", use: get)
        router.put("/collections/:id", use: update)
        router.delete("/collections/:id", use: delete)
        router.get("/collections/:id/photos", use: photos)
        router.post("/collections/:id/add", use: add)
        router.delete("/collections/:id/remove", use: remove)
    }

    /// The cover photos of some albums, by photo id, in one query.
    static func covers(of collections: [CollectionRecord], store: LibraryStore, viewerID: String?) async throws
        -> [String: PhotoRecord]
    {
        let records = try await store.photos(ids: collections.compactMap(\.coverPhotoID), viewerID: viewerID)
        return Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func present(_ records: [CollectionRecord], request: Request, context: FeedRequestContext) async throws
        -> [Collection]
    {
        let covers = try await Self.covers(of: records, store: store, viewerID: context.caller.user?.id)
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        return records.map { presenter.collection($0, cover: $0.coverPhotoID.flatMap { covers[$0] }) }
    }

    func collection(_ context: FeedRequestContext) async throws -> CollectionRecord {
        let id = try context.parameters.require("id")
        // Private albums are visible to their owner through the session or a token with read_collections.
        let viewer = context.viewer(with: .readCollections) ?? context.viewer(with: .writeCollections)
        guard let record = try await store.collection(id: id, viewerID: viewer) else {
            throw APIError.notFound("Collection")
        }
        return record
    }

    /// An album the caller owns, for changes (scope `write_collections`).
    func ownedCollection(_ context: FeedRequestContext) async throws -> (UserRecord, CollectionRecord) {
        let user = try context.requireUser(.writeCollections)
        let record = try await collection(context)
        guard record.owner.id == user.id else { throw APIError(.forbidden, "You can only change your own albums.") }
        return (user, record)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let result = try await store.collections(page: PageRequest(number: page, size: perPage))
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        return JSONResponse.make(
            try await present(result.items, request: request, context: context),
            headers: Pagination.headers(
                total: result.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        JSONResponse.make(try await present([try await collection(context)], request: request, context: context)[0])
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let record = try await collection(context)
        let viewer = context.caller.user?.id
        let pageRequest = PageRequest(number: page, size: perPage)
        let result: Page<PhotoRecord>
        if let text = query["query"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            result = try await store.photos(inCollection: record.id, matching: text, page: pageRequest, viewerID: viewer)
        } else {
            result = try await store.photos(inCollection: record.id, page: pageRequest, viewerID: viewer)
        }
        return Presenter(request: request, context: context, publicURL: publicURL)
            .photoList(result, page: page, perPage: perPage, request: request)
    }

    static func validatedTitle(_ raw: String?) throws(APIError) -> String {
        let title = raw?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !title.isEmpty else { throw APIError(.unprocessableContent, "Title can't be blank.") }
        guard title.count <= 100 else { throw APIError(.unprocessableContent, "Title must be at most 100 characters.") }
        return title
    }

    @Sendable func create(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let user = try context.requireUser(.writeCollections)
        let parameters = try await RequestParameters.collect(request, context: context)
        let title = try Self.validatedTitle(parameters["title"])
        do {
            let record = try await store.createCollection(
                ownerID: user.id, title: title, description: parameters["description"].flatMap { $0.isEmpty ? nil : $0 },
                isPrivate: parameters.bool("private") ?? false
            )
            return JSONResponse.make(try await present([record], request: request, context: context)[0], status: .created)
        } catch StoreError.conflict {
            throw APIError(.conflict, "You already have an album called \(title).")
        }
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let (user, record) = try await ownedCollection(context)
        let parameters = try await RequestParameters.collect(request, context: context)
        let changes = CollectionChanges(
            title: try parameters["title"].map(Self.validatedTitle), description: parameters["description"],
            isPrivate: parameters.bool("private")
        )
        do {
            try await store.updateCollection(id: record.id, changes)
        } catch StoreError.conflict {
            throw APIError(.conflict, "You already have an album called \(changes.title ?? "").")
        }
        guard let updated = try await store.collection(id: record.id, viewerID: user.id) else {
            throw APIError.notFound("Collection")
        }
        return JSONResponse.make(try await present([updated], request: request, context: context)[0])
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let (_, record) = try await ownedCollection(context)
        try await store.deleteCollection(id: record.id)
        return Response(status: .noContent)
    }

    /// The add and remove answer, as Unsplash shapes it.
    struct MembershipResult: Encodable {
        let photo: Photo
        let collection: Collection
        let user: User
        let createdAt: Date

        enum CodingKeys: String, CodingKey {
            case photo, collection, user
            case createdAt = "created_at"
        }
    }

    @Sendable func add(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await changeMembership(adding: true, request: request, context: context)
    }

    @Sendable func remove(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await changeMembership(adding: false, request: request, context: context)
    }

    func changeMembership(adding: Bool, request: Request, context: FeedRequestContext) async throws -> Response {
        let (user, record) = try await ownedCollection(context)
        let parameters = try await RequestParameters.collect(request, context: context)
        guard let photoID = parameters["photo_id"], !photoID.isEmpty else {
            throw APIError.badParameter("photo_id is missing")
        }
        guard let photo = try await store.photo(idOrSlug: photoID, viewerID: user.id) else {
            throw APIError.notFound("Photo")
        }
        if adding {
            try await store.addPhoto(photo.id, toCollection: record.id)
        } else {
            try await store.removePhoto(photo.id, fromCollection: record.id)
        }
        guard let updated = try await store.collection(id: record.id, viewerID: user.id) else {
            throw APIError.notFound("Collection")
        }
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        let result = MembershipResult(
            photo: presenter.photo(photo),
            collection: try await present([updated], request: request, context: context)[0],
            user: presenter.user(user), createdAt: Date()
        )
        return JSONResponse.make(result, status: adding ? .created : .ok)
    }
}
