import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/search/photos`: full-text search with Unsplash's filters, plus (extensions) the `tags` filter and facet and
/// near-me search (`lat`, `lon`, `radius`; `query` optional then, nearest first).
struct SearchController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.on(.searchPhotos, use: photos)
        api.cachedReads.on(.searchUsers, use: users)
        api.cachedReads.on(.searchCollections, use: collections)
    }

    /// People by username or name.
    @Sendable func users(_ request: Request, context: FeedRequestContext) async throws -> SearchPage<
        SearchResults<User>
    > {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let result = try await store.searchUsers(try query.searchText(), page: page)
        let presenter = context.presenter
        return SearchPage(result, page, origin: context.origin) { presenter.user($0) }
    }

    /// Public albums by title, description or the tags of their photos.
    @Sendable func collections(_ request: Request, context: FeedRequestContext) async throws -> SearchPage<
        SearchResults<Collection>
    > {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let result = try await store.searchCollections(
            try query.searchText(), page: page, viewerID: context.caller.user?.id)
        return SearchPage(result, page, origin: context.origin, present: context.presenter.collection)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> SearchPage<
        PhotoSearchResults
    > {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let filter = try query.photoFilter()
        let text = query["query"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !text.isEmpty || filter.near != nil else { throw APIError.badParameter("query is missing") }
        let order = try query.choice("order_by", as: PhotoSearch.Order.self) ?? .relevant
        var search = PhotoSearch(text: text, order: order)
        search.filter = filter
        let result = try await store.searchPhotos(search, page: page, viewerID: context.caller.user?.id)
        let body = PhotoSearchResults(
            total: result.page.total,
            totalPages: Pagination.totalPages(total: result.page.total, perPage: page.size),
            results: result.page.items.map(context.presenter.photo),
            tags: result.tagFacets.map { TagCount(title: $0.tag, count: $0.count) }
        )
        return SearchPage(body: body, total: body.total, page: page, origin: context.origin)
    }
}

extension QueryParameters {
    /// The required, trimmed `query` of a search.
    func searchText() throws(APIError) -> String {
        let text = self["query"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !text.isEmpty else { throw .badParameter("query is missing") }
        return text
    }
}
