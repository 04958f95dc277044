import Foundation

/// One page of a list: its items, and what the server said about the rest.
public struct Page<Item: Sendable>: Sendable {
    /// The items of this page, in the server's order.
    public var items: [Item]
    /// How many items the whole list has (`X-Total`, or a search's `total`), when the server said.
    public var total: Int?
    /// How many pages a search has (`total_pages`).
    public var totalPages: Int?
    /// The next page (`Link: <…>; rel="next"`, which carries the keyset cursor on this server); `nil` on the last.
    public var next: URL?
    /// A photo search's facet: the most frequent tags of the whole result set. Empty elsewhere.
    public var tags: [TagCount]

    public init(items: [Item], total: Int? = nil, totalPages: Int? = nil, next: URL? = nil, tags: [TagCount] = []) {
        self.items = items
        self.total = total
        self.totalPages = totalPages
        self.next = next
        self.tags = tags
    }

    /// Whether no page follows this one.
    public var isLast: Bool { next == nil }
}
