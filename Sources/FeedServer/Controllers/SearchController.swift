import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/search/photos`: full-text search with Unsplash's filters, plus (extensions) the `tags` filter and facet and
/// near-me search (`lat`, `lon`, `radius`; `query` optional then, nearest first).
struct SearchController: Sendable {
    let store: LibraryStore

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.get("/search/photos", use: photos)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> SearchPage {
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
        return SearchPage(results: body, page: page, origin: context.origin)
    }
}
