import Foundation

/// The body of every error response: `{"errors": ["…"]}`, a non-empty array of human sentences.
public struct ErrorBody: Codable, Sendable, Hashable {
    public var errors: [String]

    public init(errors: [String]) {
        self.errors = errors
    }
}

/// A page of search results: `{"total", "total_pages", "results"}`.
public struct SearchResults<Result: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var total: Int
    public var totalPages: Int
    public var results: [Result]

    public init(total: Int, totalPages: Int, results: [Result]) {
        self.total = total
        self.totalPages = totalPages
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case total, results
        case totalPages = "total_pages"
    }
}

/// Photo search results with the extension facet `tags`: the most frequent tags of the whole result set.
public struct PhotoSearchResults: Codable, Sendable, Hashable {
    public var total: Int
    public var totalPages: Int
    public var results: [Photo]
    public var tags: [TagCount]

    public init(total: Int, totalPages: Int, results: [Photo], tags: [TagCount]) {
        self.total = total
        self.totalPages = totalPages
        self.results = results
        self.tags = tags
    }

    enum CodingKeys: String, CodingKey {
        case total, results, tags
        case totalPages = "total_pages"
    }

    /// Unsplash's search answers have no `tags` facet: then it is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        totalPages = try container.decode(Int.self, forKey: .totalPages)
        results = try container.decode([Photo].self, forKey: .results)
        tags = try container.decodeIfPresent([TagCount].self, forKey: .tags) ?? []
    }
}

/// A tag and how many photos of a result set carry it.
public struct TagCount: Codable, Sendable, Hashable {
    public var title: String
    public var count: Int

    public init(title: String, count: Int) {
        self.title = title
        self.count = count
    }
}

/// `GET /photos/:id/download` → `{"url": "…"}`.
public struct DownloadLink: Codable, Sendable, Hashable {
    public var url: String

    public init(url: String) {
        self.url = url
    }
}
