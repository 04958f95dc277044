import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/users/:username`, its photos, its likes and its albums.
struct UsersController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.get("/users/:username", use: get)
        api.cachedReads.get("/users/:username/photos", use: photos)
        api.cachedReads.get("/users/:username/collections", use: collections)
        api.cachedReads.get("/users/:username/likes", use: likes)
        api.cachedReads.get("/users/:username/portfolio", use: portfolio)
    }

    func user(_ context: FeedRequestContext) async throws -> UserRecord {
        guard let user = try await store.user(username: try context.parameters.require("username")) else {
            throw APIError.notFound("User")
        }
        return user
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> User {
        context.presenter.user(try await user(context))
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        let result = try await store.photos(
            ofUsername: try context.parameters.require("username"), order: order, page: page,
            viewerID: context.caller.user?.id
        )
        return ListPage(result, page, origin: context.origin, present: context.presenter.photo)
    }

    @Sendable func collections(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Collection> {
        let page = try QueryParameters(request.uri.query).page()
        let result = try await store.collections(
            ofUsername: try context.parameters.require("username"), page: page,
            viewerID: context.viewer(with: .readCollections)
        )
        return ListPage(result, page, origin: context.origin, present: context.presenter.collection)
    }

    /// The photos a user likes (their favourites), most recently liked first.
    @Sendable func likes(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let page = try QueryParameters(request.uri.query).page()
        let result = try await store.likedPhotos(
            ofUsername: try context.parameters.require("username"), page: page, viewerID: context.caller.user?.id
        )
        return ListPage(result, page, origin: context.origin, present: context.presenter.photo)
    }

    @Sendable func portfolio(_ request: Request, context: FeedRequestContext) async throws -> DownloadLink {
        DownloadLink(url: try await user(context).portfolioURL ?? "")
    }
}
