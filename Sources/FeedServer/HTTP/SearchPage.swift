import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// Search results as the API answers them: the `{total, total_pages, results}` envelope (with the `tags` facet for
/// photos), with the same pagination headers as a list.
struct SearchPage<Body: Encodable & Sendable>: ResponseGenerator {
    let body: Body
    let total: Int
    let page: PageRequest
    let origin: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(body, from: request, context: context)
        response.headers.append(
            contentsOf: Pagination.headers(
                total: total, page: page.number, perPage: page.size, request: request, origin: origin
            ))
        return response
    }
}

extension SearchPage {
    /// The envelope of `result`'s page, with each record `present`ed as its wire model.
    init<Record, Item>(_ result: Page<Record>, _ page: PageRequest, origin: String, present: (Record) -> Item)
    where Body == SearchResults<Item> {
        self.init(
            body: SearchResults(
                total: result.total, totalPages: Pagination.totalPages(total: result.total, perPage: page.size),
                results: result.items.map(present)
            ),
            total: result.total, page: page, origin: origin
        )
    }
}
