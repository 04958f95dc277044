import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `/search/photos`: full-text search with Unsplash's filters, plus the `tags` filter and facet (extensions).
struct SearchController: Sendable {
    let store: LibraryStore
    let publicURL: String?

    /// Unsplash's colour filter names.
    static let colorNames = [
        "black_and_white", "black", "white", "yellow", "orange", "red", "purple", "magenta", "green", "teal", "blue",
    ]

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/search/photos", use: photos)
    }

    @Sendable func photos(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        guard let text = query["query"], !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.badParameter("query is missing")
        }
        let order = try query.choice("order_by", as: PhotoSearch.Order.self) ?? .relevant
        var colorName: String?
        if let color = query["color"], !color.isEmpty {
            guard Self.colorNames.contains(color) else {
                throw APIError.badParameter(
                    "color must be one of \(Self.colorNames.joined(separator: ", ")); got \"\(color)\"."
                )
            }
            colorName = color
        }
        let search = PhotoSearch(
            text: text, order: order, orientation: try query.choice("orientation", as: Orientation.self),
            colorName: colorName, tags: query.list("tags")
        )
        let result = try await store.searchPhotos(search, page: PageRequest(number: page, size: perPage))
        let presenter = Presenter(request: request, publicURL: publicURL)
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
