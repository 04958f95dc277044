import Foundation

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
