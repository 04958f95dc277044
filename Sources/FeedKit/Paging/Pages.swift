import Foundation

/// A paginated list, read one page per step by following each answer's `Link: rel="next"`.
///
/// Nothing is requested until the sequence is iterated. Iteration ends after the last page (no `next`), and never
/// requests a page twice. A `next` link to another origin than the client's is refused rather than followed with the
/// client's credentials.
///
/// ```swift
/// for try await page in client.photos() { … }          // page by page
/// for try await photo in client.photos().items { … }   // item by item
/// ```
public struct Pages<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page<Item>

    let client: FeedClient
    /// The first page's URL.
    public let firstURL: URL
    let operation: FeedOperation
    let decode: @Sendable (Data) throws -> PageBody<Item>

    init(
        _ client: FeedClient, _ operation: FeedOperation, _ parameters: [String] = [], query: [URLQueryItem],
        decode: @escaping @Sendable (Data) throws -> PageBody<Item>
    ) {
        self.client = client
        self.operation = operation
        self.firstURL = client.url(operation, parameters, query: query)
        self.decode = decode
    }

    /// Loads the first page.
    public func first() async throws -> Page<Item> {
        try await page(at: firstURL)
    }

    /// Loads the page at `url`: the first page's URL or a ``Page/next`` of this list.
    public func page(at url: URL) async throws -> Page<Item> {
        guard Self.sameOrigin(url, firstURL) else {
            throw FeedError.invalidResponse("The next page \(url.absoluteString) is on another server; not followed.")
        }
        let (data, response) = try await client.send(operation.method, url)
        let body = try decode(data)
        let total = body.total ?? response.value(forHTTPHeaderField: "X-Total").flatMap { Int($0) }
        var next = LinkHeader.url(response.value(forHTTPHeaderField: "Link"), relation: "next", base: url)
        if next == nil, response.value(forHTTPHeaderField: "Link") == nil, let totalPages = body.totalPages {
            next = Self.numberedNext(after: url, totalPages: totalPages)
        }
        if body.items.isEmpty { next = nil }
        return Page(items: body.items, total: total, totalPages: body.totalPages, next: next, tags: body.tags)
    }

    /// Without a `Link` header, a search's next page by number (`page` + 1 while below `total_pages`).
    static func numberedNext(after url: URL, totalPages: Int) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        var items = components.queryItems ?? []
        let current = items.first { $0.name == "page" }.flatMap { $0.value.flatMap(Int.init) } ?? 1
        guard current < totalPages else { return nil }
        items.removeAll { $0.name == "page" }
        items.append(URLQueryItem(name: "page", value: String(current + 1)))
        components.percentEncodedQuery = FeedClient.encodeQuery(items)
        return components.url
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self, next: firstURL)
    }

    /// Reads the pages in order.
    public struct Iterator: AsyncIteratorProtocol {
        let pages: Pages
        var next: URL?
        var requested: Set<URL> = []

        public mutating func next() async throws -> Page<Item>? {
            guard let url = next, requested.insert(url).inserted else { return nil }
            next = nil
            let page = try await pages.page(at: url)
            next = page.next
            return page
        }
    }

    /// The items of every page, in order.
    public var items: PageItems<Item> { PageItems(pages: self) }
}
