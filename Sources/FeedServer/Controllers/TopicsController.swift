import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/topics`: curated groups of photos, made by the administrator (`imagefeed topics`), answered as Unsplash's.
struct TopicsController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.on(.listTopics, use: list)
        api.cachedReads.on(.getTopic, use: get)
        api.cachedReads.on(.listTopicPhotos, use: photos)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Topic> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let order = try query.choice("order_by", as: TopicOrder.self) ?? .position
        let result = try await store.topics(
            ids: query.list("ids"), order: order, page: page, viewerID: context.caller.user?.id
        )
        return ListPage(result, page, origin: context.origin, present: context.presenter.topic)
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Topic {
        context.presenter.topic(
            try await store.topic(
                idOrSlug: try context.parameters.require("id_or_slug"), viewerID: context.caller.user?.id
            ))
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let result = try await store.topicPhotos(
            try context.parameters.require("id_or_slug"),
            order: try query.choice("order_by", as: PhotoOrder.self) ?? .latest,
            page: page, orientation: try query.choice("orientation", as: PhotoOrientation.self),
            viewerID: context.caller.user?.id
        )
        return ListPage(result, page, origin: context.origin, present: context.presenter.photo)
    }
}
