import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Pixabay's API at `/api/` (reference §3): a key (an app's access key), Pixabay's parameters read as leniently as
/// its Python wrappers send them (§3.5–§3.6), its answer with both `favorites` and `collections`, its own limit of
/// requests per key and minute with `X-RateLimit-*`, and its errors as plain text.
struct PixabayController: Sendable {
    let store: LibraryStore
    let limiter: SharedRateLimiter

    /// Pixabay pages through at most this many results.
    static let maxHits = 500
    /// Words that say which device results are for (iWall asks for `iPhone nature`): the photos are sized by
    /// `min_width`/`min_height`, so these are not searched for.
    static let deviceWords: Set<String> = [
        "iphone", "ipad", "android", "phone", "smartphone", "mobile", "tablet", "desktop", "mac", "macbook", "pixel",
        "galaxy",
    ]

    func addRoutes(to pixabay: RouteGroup) {
        pixabay.get("/api", use: images)
        pixabay.get("/api/videos", use: videos)
    }

    /// A Pixabay error: its status and a plain-text body (`[ERROR 400] …`).
    struct Failure: Error {
        var status: HTTPResponse.Status
        var message: String

        static func bad(_ message: String) -> Failure { Failure(status: .badRequest, message: message) }
    }

    @Sendable func images(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context: context) { parameters in try await search(parameters, context: context) }
    }

    /// The library holds no videos: every video search finds nothing (after the same checks as image searches).
    @Sendable func videos(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await answer(request, context: context) { parameters in
            _ = try Self.page(parameters)
            return PixabayAnswer(total: 0, totalHits: 0, hits: [])
        }
    }

    /// Checks the key and the limit, then writes `body`'s result as JSON (or JSONP) or the error as text.
    private func answer(
        _ request: Request, context: FeedRequestContext, body: (PixabayParameters) async throws -> PixabayAnswer
    ) async throws -> Response {
        let parameters = PixabayParameters(QueryParameters(request.uri.query))
        var headers = HTTPFields()
        do {
            guard let key = parameters.raw["key"], !key.isEmpty, try await store.app(accessKey: key) != nil else {
                throw Failure.bad("Invalid API key. Note: This value is case-sensitive.")
            }
            let state = await limiter.hit("pixabay:" + key)
            headers[.pixabayLimit] = String(state.limit)
            headers[.pixabayRemaining] = String(max(0, state.remaining))
            headers[.pixabayReset] = String(state.resetIn)
            guard state.remaining >= 0 else {
                throw Failure(status: .tooManyRequests, message: "API rate limit exceeded")
            }
            let json = JSONWriter.encode(try await body(parameters))
            headers[.cacheControl] = "no-store"
            // Pixabay's own types: JSON as `application/json`, JSONP as a script.
            headers[.contentType] =
                parameters.callback == nil ? "application/json" : "application/javascript; charset=utf-8"
            let bytes = JSONValue.wrap(json, callback: parameters.callback)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        } catch let failure as Failure {
            headers[.contentType] = "text/plain; charset=utf-8"
            let text = "[ERROR \(failure.status.code)] \(failure.message)"
            return Response(status: failure.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// `page` and `per_page` (3–200, default 20), checked as Pixabay checks them on images and videos alike.
    static func page(_ parameters: PixabayParameters) throws -> PageRequest {
        let perPage = try parameters.integer("per_page") ?? 20
        guard (3...200).contains(perPage) else { throw Failure.bad("\"per_page\" is out of valid range.") }
        let pageNumber = try parameters.integer("page") ?? 1
        // Past the first `maxHits` results no page exists, whatever the library holds: refused before any query, and
        // before `page × per_page` could overflow.
        guard pageNumber >= 1, pageNumber <= Self.maxHits / perPage + 1 else {
            throw Failure.bad("\"page\" is out of valid range.")
        }
        return PageRequest(number: pageNumber, size: perPage)
    }

    func search(_ parameters: PixabayParameters, context: FeedRequestContext) async throws -> PixabayAnswer {
        let page = try Self.page(parameters)
        let perPage = page.size
        let pageNumber = page.number
        let q = parameters.raw["q"] ?? ""
        guard q.count <= 100 else { throw Failure.bad("\"q\" is too long (at most 100 characters).") }

        var query = CatalogQuery()
        query.text = q.split(whereSeparator: { $0 == " " || $0 == "+" })
            .filter { !Self.deviceWords.contains($0.lowercased()) }.joined(separator: " ")
        if let id = parameters.value("id") {
            guard let number = Int64(id), number > 0 else { throw Failure.bad("\"id\" is not a valid image id.") }
            query.numbers = [number]
        }
        switch parameters.value("image_type") {
        case nil, "photo": break
        case "illustration", "vector": query.numbers = []
        case let other?:
            throw Failure.bad("\"image_type\" must be all, photo, illustration or vector; got \"\(other)\".")
        }
        switch parameters.value("orientation") {
        case nil: break
        case "horizontal": query.orientation = .landscape
        case "vertical": query.orientation = .portrait
        case let other?: throw Failure.bad("\"orientation\" must be all, horizontal or vertical; got \"\(other)\".")
        }
        if let category = parameters.value("category") { query.anyTags = [category.lowercased()] }
        query.minWidth = try parameters.integer("min_width")
        query.minHeight = try parameters.integer("min_height")
        if let colors = parameters.value("colors") {
            // An unknown name matches nothing, as on Pixabay.
            query.colorNames = colors.lowercased().split(separator: ",")
                .flatMap { Self.colors[String($0)]?.map(\.rawValue) ?? ["-"] }
        }
        if parameters.bool("editors_choice") == true { query.inFeaturedTopic = true }
        query.order = parameters.value("order") == "latest" ? .posted(ascending: false) : .interesting(ascending: false)

        let found = try await store.catalogPhotos(query, page: page)
        let totalHits = min(found.total, Self.maxHits)
        guard pageNumber == 1 || (pageNumber - 1) * perPage < totalHits else {
            throw Failure.bad("\"page\" is out of valid range.")
        }
        // Only the first 500 results are paged through, as on Pixabay.
        let items = Array(found.items.prefix(Self.maxHits - (pageNumber - 1) * perPage))
        let albums = try await store.albumNumbers(ofPhotos: items.map(\.id), viewerID: nil)
        let presenter = PixabayPresenter(origin: context.origin)
        return PixabayAnswer(
            total: found.total, totalHits: totalHits,
            hits: items.map { presenter.hit($0, collections: albums[$0.id]?.count ?? 0) })
    }

    /// Pixabay's colour names as the library's (Unsplash's) colours.
    static let colors: [String: [PhotoColor]] = [
        "grayscale": [.blackAndWhite], "transparent": [], "red": [.red], "orange": [.orange], "yellow": [.yellow],
        "green": [.green], "turquoise": [.teal], "blue": [.blue], "lilac": [.purple], "pink": [.magenta],
        "white": [.white], "gray": [.blackAndWhite, .white, .black], "black": [.black], "brown": [.orange, .yellow],
    ]
}

extension HTTPField.Name {
    // Pixabay's spelling; header names compare without case, so these are the API's `X-Ratelimit-*` too.
    static let pixabayLimit = HTTPField.Name("X-RateLimit-Limit")!
    static let pixabayRemaining = HTTPField.Name("X-RateLimit-Remaining")!
    static let pixabayReset = HTTPField.Name("X-RateLimit-Reset")!
}
