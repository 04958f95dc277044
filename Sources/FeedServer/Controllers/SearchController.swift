import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/search/photos`: full-text search with Unsplash's filters, plus (extensions) the `tags` filter and facet and
/// near-me search (`lat`, `lon`, `radius`; `query` optional then, nearest first).
struct SearchController: Sendable {
    let store: LibraryStore
    let publicURL: String?

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/search/photos", use: photos)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let filter = try query.photoFilter()
        let text = query["query"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !text.isEmpty || filter.near != nil else { throw APIError.badParameter("query is missing") }
        let order = try query.choice("order_by", as: PhotoSearch.Order.self) ?? .relevant
        var search = PhotoSearch(text: text, order: order)
        search.filter = filter
        let result = try await store.searchPhotos(
            search, page: PageRequest(number: page, size: perPage), viewerID: context.caller.user?.id
        )
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        let body = PhotoSearchResults(
            total: result.page.total,
            totalPages: Pagination.totalPages(total: result.page.total, perPage: perPage),
            results: result.page.items.map(presenter.photo),
            tags: result.tagFacets.map { TagCount(title: $0.tag, count: $0.count) }
        )
        return JSONResponse.make(
            body,
            headers: Pagination.headers(
                total: result.page.total, page: page, perPage: perPage, request: request, origin: presenter.origin
            )
        )
    }
}
