import Foundation

/// What a list's body holds: a bare JSON array (`/photos`) or a search envelope (`{total, total_pages, results}`).
struct PageBody<Item: Sendable>: Sendable {
    var items: [Item]
    var total: Int?
    var totalPages: Int?
    var tags: [TagCount] = []

    /// A JSON array of `Item`.
    static func array(_ data: Data) throws -> PageBody where Item: Decodable {
        PageBody(items: try FeedClient.decode([Item].self, from: data, operation: "a list"))
    }

    /// A search envelope.
    static func search(_ data: Data) throws -> PageBody where Item: Codable & Hashable {
        let body = try FeedClient.decode(SearchResults<Item>.self, from: data, operation: "a search")
        return PageBody(items: body.results, total: body.total, totalPages: body.totalPages)
    }
}

extension PageBody where Item == Photo {
    /// A photo search envelope, with its `tags` facet (empty on Unsplash).
    static func photoSearch(_ data: Data) throws -> PageBody {
        let body = try FeedClient.decode(PhotoSearchResults.self, from: data, operation: "a photo search")
        return PageBody(items: body.results, total: body.total, totalPages: body.totalPages, tags: body.tags)
    }
}
