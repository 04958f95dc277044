import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix

/// JSONPlaceholder (reference §4) at `/jsonplaceholder/`: the library's people, albums and photos as its users,
/// albums and photos, with json-server 0.16's routes and query conventions. Writes are answered and not stored, as
/// JSONPlaceholder's are, unless the request carries a token with the matching write scope: then they are real.
struct JSONPlaceholderController: Sendable {
    let store: LibraryStore
    let renditions: RenditionService
    let threadPool: NIOThreadPool

    enum Resource: String, CaseIterable, Sendable {
        case users, albums, photos

        /// The scope that makes a write real.
        var writeScope: Scope {
            switch self {
            case .users: .writeUser
            case .albums: .writeCollections
            case .photos: .writePhotos
            }
        }
    }

    /// A nested route's parent (`/users/1/albums` is `/albums?userId=1`).
    struct Parent: Sendable {
        var field: String
        var id: String
    }

    /// The most photos one unnarrowed query reads (filters, `q` and sorting run over the photos in memory).
    static let photoScanLimit = 10_000

    func addRoutes(to group: RouteGroup) {
        for resource in Resource.allCases {
            let base = "/jsonplaceholder/\(resource.rawValue)"
            group.get(base) { request, context in
                try await jsonp(request) { try await list(resource, parent: nil, request, context) }
            }
            group.post(base) { request, context in
                try await jsonp(request) { try await create(resource, parent: nil, request, context) }
            }
            group.get(base + "/:id") { request, context in
                try await jsonp(request) { try await one(resource, request, context) }
            }
            group.put(base + "/:id") { request, context in
                try await jsonp(request) { try await update(resource, replace: true, request, context) }
            }
            group.on(base + "/:id", method: .patch) { request, context in
                try await jsonp(request) { try await update(resource, replace: false, request, context) }
            }
            group.delete(base + "/:id") { request, context in
                try await jsonp(request) { try await remove(resource, request, context) }
            }
        }
        for nested in Self.nestedRoutes {
            let path = "/jsonplaceholder/\(nested.parent.rawValue)/:id/\(nested.child.rawValue)"
            group.get(path) { request, context in
                let parent = Parent(field: nested.field, id: try context.parameters.require("id"))
                return try await jsonp(request) { try await list(nested.child, parent: parent, request, context) }
            }
            group.post(path) { request, context in
                let parent = Parent(field: nested.field, id: try context.parameters.require("id"))
                return try await jsonp(request) { try await create(nested.child, parent: parent, request, context) }
            }
        }
    }

    /// The nested routes, one level deep as in json-server: `/users/1/albums` is `/albums?userId=1`.
    static let nestedRoutes: [(parent: Resource, child: Resource, field: String)] = [
        (.users, .albums, "userId"), (.albums, .photos, "albumId"),
    ]

    // MARK: Reads

    func list(_ resource: Resource, parent: Parent?, _ request: Request, _ context: FeedRequestContext) async throws
        -> Response
    {
        var parameters = QueryParameters(request.uri.query)
        if let parent { parameters = QueryParameters(parameters.replacing(parent.field, with: parent.id)) }
        let query = try JSONServerQuery(parameters)
        let presenter = JSONPlaceholderPresenter(origin: context.origin, viewer: context.caller.user)
        if resource == .photos, query.onlyPages, query.page != nil || query.limit != nil || query.end != nil {
            // A plain page of the whole library: read in the database, not in memory.
            let (range, _) = query.slice(count: Int.max / 2)
            let page = try await photoPage(offset: range.lowerBound, count: range.count, presenter)
            return presenter.list(page.items, total: page.total, query: query, request: request)
        }
        let matching = query.sorted(try await rows(resource, query: query, presenter).filter(query.matches))
        let (range, _) = query.slice(count: matching.count)
        let items = try await expanded(Array(matching[range]), resource, query: query, presenter)
        return presenter.list(items, total: matching.count, query: query, request: request)
    }

    func one(_ resource: Resource, _ request: Request, _ context: FeedRequestContext) async throws -> Response {
        let presenter = JSONPlaceholderPresenter(origin: context.origin, viewer: context.caller.user)
        guard let item = try await item(resource, try context.parameters.require("id"), presenter) else {
            return JSONPlaceholderPresenter.notFound
        }
        let query = try JSONServerQuery(QueryParameters(request.uri.query))
        return JSONPlaceholderPresenter.json(try await expanded([item], resource, query: query, presenter)[0])
    }

    /// Every row of a resource a query may match, narrowed in the database where the query allows.
    func rows(_ resource: Resource, query: JSONServerQuery, _ presenter: JSONPlaceholderPresenter) async throws
        -> [JSONValue]
    {
        switch resource {
        case .users:
            return try await store.usersByNumber().map(presenter.user)
        case .albums:
            return try await store.collectionsByNumber(viewerID: presenter.viewer?.id).map(presenter.album)
        case .photos:
            if let albums = query.equalValues("albumId") {
                // The albums the viewer may see, read once; the others' photos are not listed.
                let visible = Dictionary(
                    try await store.collectionsByNumber(viewerID: presenter.viewer?.id).map { ($0.number, $0.id) },
                    uniquingKeysWith: { first, _ in first }
                )
                var rows: [JSONValue] = []
                for number in albums.compactMap({ Int64($0) }) {
                    guard let albumID = visible[number] else { continue }
                    var catalog = CatalogQuery()
                    catalog.collectionID = albumID
                    catalog.order = .number
                    let photos = try await store.catalogPhotos(
                        catalog, page: PageRequest(number: 1, size: Self.photoScanLimit))
                    rows += photos.items.map { presenter.photo($0, albumNumber: number) }
                }
                return rows
            }
            return try await photoPage(offset: 0, count: Self.photoScanLimit, presenter).items
        }
    }

    /// Photos in numeric order, each with its first album.
    func photoPage(offset: Int, count: Int, _ presenter: JSONPlaceholderPresenter) async throws
        -> (items: [JSONValue], total: Int)
    {
        guard count > 0 else { return ([], try await store.photoCount()) }
        var catalog = CatalogQuery()
        catalog.order = .number
        let photos = try await store.catalogPhotos(catalog, offset: offset, limit: min(count, Self.photoScanLimit))
        var albums: [String: [Int64]] = [:]
        for chunk in stride(from: 0, to: photos.items.count, by: 500) {
            let ids = photos.items[chunk..<min(photos.items.count, chunk + 500)].map(\.id)
            albums.merge(try await store.albumNumbers(ofPhotos: ids, viewerID: presenter.viewer?.id)) { first, _ in
                first
            }
        }
        return (photos.items.map { presenter.photo($0, albumNumber: albums[$0.id]?.first ?? 0) }, photos.total)
    }

    func item(_ resource: Resource, _ id: String, _ presenter: JSONPlaceholderPresenter) async throws -> JSONValue? {
        guard let number = Int64(id) else { return nil }
        switch resource {
        case .users: return try await store.user(number: number).map(presenter.user)
        case .albums:
            return try await store.collection(number: number, viewerID: presenter.viewer?.id).map(presenter.album)
        case .photos:
            guard let photo = try await store.photo(number: number, viewerID: presenter.viewer?.id) else { return nil }
            let albums = try await store.albumNumbers(ofPhotos: [photo.id], viewerID: presenter.viewer?.id)
            return presenter.photo(photo, albumNumber: albums[photo.id]?.first ?? 0)
        }
    }

    /// `_embed` (children: a user's albums, an album's photos) and `_expand` (parents: an album's user, a photo's
    /// album).
    func expanded(
        _ items: [JSONValue], _ resource: Resource, query: JSONServerQuery, _ presenter: JSONPlaceholderPresenter
    )
        async throws -> [JSONValue]
    {
        var items = items
        for name in query.embed {
            guard let (child, field) = Self.children[Pair(resource, name)], !items.isEmpty else { continue }
            // One read for the children of every item, grouped by their parent.
            let ids = items.compactMap { $0["id"]?.text }
            let childQuery = try JSONServerQuery(QueryParameters(ids.map { "\(field)=\($0)" }.joined(separator: "&")))
            let children = try await rows(child, query: childQuery, presenter).filter(childQuery.matches)
            let byParent = Dictionary(grouping: children) { $0[field]?.text ?? "" }
            items = items.map { $0.setting(name, to: .array(byParent[$0["id"]?.text ?? ""] ?? [])) }
        }
        for name in query.expand {
            guard let (parent, field) = Self.parents[Pair(resource, name)] else { continue }
            // Each parent read once, however many items share it.
            var parents: [String: JSONValue?] = [:]
            for index in items.indices {
                guard let id = items[index][field]?.text else { continue }
                if parents[id] == nil { parents[id] = .some(try await item(parent, id, presenter)) }
                if let found = parents[id] ?? nil { items[index] = items[index].setting(name, to: found) }
            }
        }
        return items
    }

    /// The children `_embed` adds (a user's albums, an album's photos) and the field naming their parent.
    static let children: [Pair: (Resource, String)] = [
        Pair(.users, "albums"): (.albums, "userId"), Pair(.albums, "photos"): (.photos, "albumId"),
    ]

    /// The parent `_expand` adds (an album's user, a photo's album) and the field naming it.
    static let parents: [Pair: (Resource, String)] = [
        Pair(.albums, "user"): (.users, "userId"), Pair(.photos, "album"): (.albums, "albumId"),
    ]

    /// A (resource, relation name) key.
    struct Pair: Hashable {
        var resource: Resource
        var name: String
        init(_ resource: Resource, _ name: String) {
            self.resource = resource
            self.name = name
        }
    }
}
