import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/photos`, `/photos/random`, `/photos/:id` and `/photos/:id/download`.
struct PhotosController: Sendable {
    let store: LibraryStore
    let publicURL: String?

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/photos", use: list)
        router.get("/photos/random", use: random)
        router.get("/photos/:id", use: get)
        router.get("/photos/:id/download", use: download)
        router.get("/photos/search", use: legacySearch)
        router.get("/photos/curated", use: list)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        let result = try await store.feed(order: order, page: PageRequest(number: page, size: perPage))
        let presenter = Presenter(request: request, publicURL: publicURL)
        return JSONResponse.make(
            result.items.map(presenter.photo),
            headers: Pagination.headers(
                total: result.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let record = try await store.photo(idOrSlug: id) else { throw APIError.notFound("Photo") }
        return JSONResponse.make(Presenter(request: request, publicURL: publicURL).photo(record))
    }

    @Sendable func random(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        var count: Int?
        if let raw = query["count"], !raw.isEmpty {
            guard let value = Int(raw), (1...30).contains(value) else {
                throw APIError.badParameter("count must be a whole number from 1 to 30; got \"\(raw)\".")
            }
            count = value
        }
        var filter = RandomFilter(
            collectionIDs: query.list("collections"),
            text: query["query"].flatMap { $0.isEmpty ? nil : $0 },
            orientation: try query.choice("orientation", as: Orientation.self)
        )
        if let username = query["username"], !username.isEmpty {
            guard let owner = try await store.user(username: username) else { throw APIError.notFound("User") }
            filter.ownerID = owner.id
        }
        let records = try await store.randomPhotos(count: count ?? 1, filter: filter)
        let presenter = Presenter(request: request, publicURL: publicURL)
        if count != nil { return JSONResponse.make(records.map(presenter.photo)) }
        guard let record = records.first else { throw APIError.notFound("Photo") }
        return JSONResponse.make(presenter.photo(record))
    }

    @Sendable func download(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let record = try await store.photo(idOrSlug: id), try await store.recordDownload(photoID: record.id)
        else { throw APIError.notFound("Photo") }
        let presenter = Presenter(request: request, publicURL: publicURL)
        return JSONResponse.make(DownloadLink(url: presenter.imageURL(record.id, "fm=jpg&q=85&dl=1")))
    }

    /// python-unsplash 1.2.5 still calls `/photos/search` and expects a plain array.
    @Sendable func legacySearch(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        guard let text = query["query"], !text.isEmpty else { throw APIError.badParameter("query is missing") }
        let result = try await store.searchPhotos(
            PhotoSearch(text: text, orientation: try query.choice("orientation", as: Orientation.self)),
            page: PageRequest(number: page, size: perPage)
        )
        let presenter = Presenter(request: request, publicURL: publicURL)
        return JSONResponse.make(
            result.page.items.map(presenter.photo),
            headers: Pagination.headers(
                total: result.page.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }
}
