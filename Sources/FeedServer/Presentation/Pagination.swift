import FeedModels
import FeedStore
import HTTPTypes
import Hummingbird

/// `X-Total`, `X-Per-Page` and a `Link` header naming only the pages that exist, each URL keeping every other
/// query parameter — as Unsplash sends them. An empty list has no `Link` at all.
enum Pagination {
    /// With `nextCursor`, the `next` link also carries the keyset cursor, so following `Link` costs the same at
    /// any depth; `first`, `prev` and `last` stay plain page numbers.
    static func headers(
        total: Int, page: Int, perPage: Int, request: Request, origin: String, nextCursor: String? = nil
    ) -> HTTPFields {
        var headers = HTTPFields()
        headers[.total] = String(total)
        headers[.perPage] = String(perPage)
        let lastPage = max(1, (total + perPage - 1) / perPage)
        guard total > 0 else { return headers }
        let query = QueryParameters(request.uri.query).removing("cursor")
        func link(_ number: Int, _ relation: String, cursor: String? = nil) -> String {
            var base = query
            if let cursor { base = QueryParameters(base.replacing("cursor", with: cursor)) }
            let withPage = base.replacing("page", with: String(number))
            let withSize = QueryParameters(withPage).replacing("per_page", with: String(perPage))
            return "<\(origin)\(request.uri.path)?\(withSize)>; rel=\"\(relation)\""
        }
        var links: [String] = []
        if page > 1 {
            links.append(link(1, "first"))
            links.append(link(min(page - 1, lastPage), "prev"))
        }
        if page < lastPage {
            links.append(link(lastPage, "last"))
            links.append(link(page + 1, "next", cursor: nextCursor))
        }
        if !links.isEmpty { headers[.link] = links.joined(separator: ", ") }
        return headers
    }

    static func totalPages(total: Int, perPage: Int) -> Int {
        (total + perPage - 1) / perPage
    }
}
