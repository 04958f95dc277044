import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// A page of a list as the API answers it: the JSON array, with `X-Total`, `X-Per-Page` and a `Link` header that
/// names only the pages that exist, each URL keeping every other query parameter — as Unsplash sends them.
struct ListPage<Item: Encodable & Sendable>: ResponseGenerator {
    let items: [Item]
    let total: Int
    let page: PageRequest
    /// The origin the `Link` URLs are on.
    let origin: String
    /// With a cursor, the `next` link carries it, so following `Link` costs the same at any depth; `first`, `prev`
    /// and `last` stay plain page numbers.
    var nextCursor: String?

    /// The page `result` holds, with each record `present`ed as its wire model.
    init<Record>(
        _ result: Page<Record>, _ page: PageRequest, origin: String, nextCursor: String? = nil,
        present: (Record) -> Item
    ) {
        self.items = result.items.map(present)
        self.total = result.total
        self.page = page
        self.origin = origin
        self.nextCursor = nextCursor
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(items, from: request, context: context)
        response.headers.append(
            contentsOf: Pagination.headers(
                total: total, page: page.number, perPage: page.size, request: request, origin: origin,
                nextCursor: nextCursor
            ))
        return response
    }
}
