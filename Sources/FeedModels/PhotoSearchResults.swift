import Foundation

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
