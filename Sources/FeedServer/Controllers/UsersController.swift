import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/users/:username`, its photos and its albums.
struct UsersController: Sendable {
    let store: LibraryStore
    let publicURL: String?

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/users/:username", use: get)
        router.get("/users/:username/photos", use: photos)
        router.get("/users/:username/collections", use: collections)
        router.get("/users/:username/likes", use: likes)
        router.get("/users/:username/portfolio", use: portfolio)
    }

    func user(_ context: FeedRequestContext) async throws -> UserRecord {
        let username = try context.parameters.require("username")
        guard let user = try await store.user(username: username) else { throw APIError.notFound("User") }
        return user
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let user = try await user(context)
        return JSONResponse.make(Presenter(request: request, context: context, publicURL: publicURL).user(user))
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        let user = try await user(context)
        let result = try await store.photos(
            ofUser: user.id, order: order, page: PageRequest(number: page, size: perPage),
            viewerID: context.caller.user?.id
        )
        return Presenter(request: request, context: context, publicURL: publicURL)
            .photoList(result, page: page, perPage: perPage, request: request)
    }

    @Sendable func collections(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let user = try await user(context)
        let viewer = context.viewer(with: .readCollections)
        let result = try await store.collections(
            ofUser: user.id, page: PageRequest(number: page, size: perPage), viewerID: viewer
        )
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        let covers = try await CollectionsController.covers(of: result.items, store: store, viewerID: viewer)
        return JSONResponse.make(
            result.items.map { presenter.collection($0, cover: $0.coverPhotoID.flatMap { covers[$0] }) },
            headers: Pagination.headers(
                total: result.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }

    /// The photos a user likes (their favourites), most recently liked first.
    @Sendable func likes(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let user = try await user(context)
        let result = try await store.likedPhotos(
            userID: user.id, page: PageRequest(number: page, size: perPage), viewerID: context.caller.user?.id
        )
        return Presenter(request: request, context: context, publicURL: publicURL)
            .photoList(result, page: page, perPage: perPage, request: request)
    }

    @Sendable func portfolio(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let user = try await user(context)
        return JSONResponse.make(DownloadLink(url: user.portfolioURL ?? ""))
    }
}
