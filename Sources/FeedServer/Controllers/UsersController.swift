import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/users/:username`, its photos, its likes and its albums.
struct UsersController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.on(.getUser, use: get)
        api.cachedReads.on(.listUserPhotos, use: photos)
        api.cachedReads.on(.listUserCollections, use: collections)
        api.cachedReads.on(.listUserLikes, use: likes)
        api.cachedReads.on(ServerOperation.getUserPortfolio, use: portfolio)
        api.cachedReads.on(.listFollowers, use: followers)
        api.cachedReads.on(.listFollowing, use: following)
        api.uncached.on(.followUser, use: follow)
        api.uncached.on(.unfollowUser, use: unfollow)
    }

    func user(_ context: FeedRequestContext) async throws -> UserRecord {
        guard let user = try await store.user(username: try context.parameters.require("username")) else {
            throw APIError.notFound("User")
        }
        return user
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> User {
        guard
            let profile = try await store.profile(
                username: try context.parameters.require("username"), viewerID: context.caller.user?.id
            )
        else { throw APIError.notFound("User") }
        return context.presenter.fullUser(profile)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        let withStatistics = try query.flag("stats") ?? false
        // The window is checked whenever given, even without stats, like every other parameter.
        let days = try query.statisticsWindow()
        let result = try await store.photos(
            ofUsername: try context.parameters.require("username"), order: order,
            orientation: try query.choice("orientation", as: PhotoOrientation.self), page: page,
            viewerID: context.caller.user?.id
        )
        let presenter = context.presenter
        guard withStatistics else {
            return ListPage(result, page, origin: context.origin, present: presenter.photo)
        }
        // `stats=true`: each photo carries its statistics over the asked window.
        let statistics = try await store.statistics(photoIDs: result.items.map(\.id), days: days)
        return ListPage(result, page, origin: context.origin) { record in
            var photo = presenter.photo(record)
            photo.statistics = statistics[record.id].map { Presenter.statistics($0) }
            return photo
        }
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

    @Sendable func followers(_ request: Request, context: FeedRequestContext) async throws -> ListPage<User> {
        try await people(request, context, store.followers)
    }

    @Sendable func following(_ request: Request, context: FeedRequestContext) async throws -> ListPage<User> {
        try await people(request, context, store.following)
    }

    /// A page of the people `list` names for the user in the path.
    func people(
        _ request: Request, _ context: FeedRequestContext,
        _ list: (_ username: String, _ page: PageRequest) async throws -> Page<UserRecord>
    ) async throws -> ListPage<User> {
        let page = try QueryParameters(request.uri.query).page()
        let result = try await list(try context.parameters.require("username"), page)
        let presenter = context.presenter
        return ListPage(result, page, origin: context.origin) { presenter.user($0) }
    }

    /// Follows a person (`write_followers`): 201 with them as the caller now sees them.
    @Sendable func follow(_ request: Request, context: FeedRequestContext) async throws -> EditedResponse<User> {
        let user = try context.requireUser(.writeFollowers)
        let profile = try await store.follow(try context.parameters.require("username"), by: user.id)
        return EditedResponse(status: .created, response: context.presenter.fullUser(profile))
    }

    @Sendable func unfollow(_ request: Request, context: FeedRequestContext) async throws -> User {
        let user = try context.requireUser(.writeFollowers)
        return context.presenter.fullUser(
            try await store.unfollow(try context.parameters.require("username"), by: user.id))
    }

    @Sendable func portfolio(_ request: Request, context: FeedRequestContext) async throws -> DownloadLink {
        DownloadLink(url: try await user(context).portfolioURL ?? "")
    }
}
