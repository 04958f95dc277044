import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/collections`, `/collections/:id` and `/collections/:id/photos`.
struct CollectionsController: Sendable {
    let store: LibraryStore
    let publicURL: String?

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/collections", use: list)
        router.get("/collections/:id", use: get)
        router.get("/collections/:id/photos", use: photos)
    }

    /// The cover photos of some albums, by photo id, in one query.
    static func covers(of collections: [CollectionRecord], store: LibraryStore) async throws -> [String: PhotoRecord] {
        let records = try await store.photos(ids: collections.compactMap(\.coverPhotoID))
        return Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let result = try await store.collections(page: PageRequest(number: page, size: perPage))
        let covers = try await Self.covers(of: result.items, store: store)
        let presenter = Presenter(request: request, publicURL: publicURL)
        return JSONResponse.make(
            result.items.map { presenter.collection($0, cover: $0.coverPhotoID.flatMap { covers[$0] }) },
            headers: Pagination.headers(
                total: result.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let record = try await store.collection(id: id) else { throw APIError.notFound("Collection") }
        let cover = try await Self.covers(of: [record], store: store)
        let presenter = Presenter(request: request, publicURL: publicURL)
        return JSONResponse.make(presenter.collection(record, cover: record.coverPhotoID.flatMap { cover[$0] }))
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let id = try context.parameters.require("id")
        guard try await store.collection(id: id) != nil else { throw APIError.notFound("Collection") }
        let result = try await store.photos(inCollection: id, page: PageRequest(number: page, size: perPage))
        let presenter = Presenter(request: request, publicURL: publicURL)
        return JSONResponse.make(
            result.items.map(presenter.photo),
            headers: Pagination.headers(
                total: result.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }
}
