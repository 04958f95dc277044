import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/topics`: curated groups of photos, made by the administrator (`imagefeed topics`), answered as Unsplash's.
struct TopicsController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.get("/topics", use: list)
        api.cachedReads.get("/topics/:id_or_slug", use: get)
        api.cachedReads.get("/topics/:id_or_slug/photos", use: photos)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Topic> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let order = try query.choice("order_by", as: TopicOrder.self) ?? .position
        let result = try await store.topics(ids: query.list("ids"), order: order, page: page)
        let covers = try await covers(of: result.items, viewerID: context.caller.user?.id)
        let presenter = context.presenter
        return ListPage(result, page, origin: context.origin) { presenter.topic($0, cover: covers[$0.id]) }
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Topic {
        let topic = try await store.topic(idOrSlug: try context.parameters.require("id_or_slug"))
        let contributors = try await store.topContributors(ofTopic: topic.id)
        let cover = try await covers(of: [topic], viewerID: context.caller.user?.id)[topic.id]
        return context.presenter.topic(topic, contributors: contributors, cover: cover)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        let topic = try await store.topic(idOrSlug: try context.parameters.require("id_or_slug"))
        let filter = PhotoFilter(orientation: try query.choice("orientation", as: Orientation.self), topicIDs: [topic.id])
        let result = try await store.feed(order: order, page: page, filter: filter, viewerID: context.caller.user?.id)
        return ListPage(result, page, origin: context.origin, present: context.presenter.photo)
    }

    /// Each topic's cover: its newest photo, read in one call for all of them.
    func covers(of topics: [TopicRecord], viewerID: String?) async throws -> [String: PhotoRecord] {
        let coverIDs = topics.compactMap { $0.previewPhotos.first?.id }
        let photos = try await store.photos(ids: coverIDs, viewerID: viewerID)
        let byID = Dictionary(photos.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var covers: [String: PhotoRecord] = [:]
        for topic in topics { covers[topic.id] = topic.previewPhotos.first.flatMap { byID[$0.id] } }
        return covers
    }
}
