import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import NIOPosix

/// `/photos` and everything under it: the feed, one photo, random photos, downloads (with device-sized
/// wallpapers), likes; uploads, edits and deletion are in `PhotosController+Uploads.swift`.
struct PhotosController: Sendable {
    let store: LibraryStore
    let ingester: PhotoIngester
    let files: LibraryFiles
    let renditions: RenditionService
    let threadPool: NIOThreadPool
    /// Tells a photo's source about its downloads (Unsplash's `download_location`).
    let downloads: DownloadTracker

    func addRoutes(to api: APIRoutes) {
        api.cachedReads.on(.listPhotos, use: list)
        api.cachedReads.on(ServerOperation.curatedPhotos, use: list)
        api.cachedReads.on(ServerOperation.legacySearchPhotos, use: legacySearch)
        api.countedReads.on(.getPhoto, use: get)
        api.uncached.on(.uploadPhoto, use: upload)
        api.uncached.on(.randomPhoto, use: random)
        api.uncached.on(.updatePhoto, use: update)
        api.uncached.on(.deletePhoto, use: delete)
        api.uncached.on(.trackDownload, use: download)
        api.uncached.on(.likePhoto, use: like)
        api.uncached.on(.unlikePhoto, use: unlike)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        var cursor: FeedCursor?
        if let raw = query["cursor"], !raw.isEmpty {
            guard let parsed = FeedCursor(raw) else {
                throw APIError.badParameter("cursor is not valid; use the one from the Link header.")
            }
            cursor = parsed
        }
        var filter = try query.photoFilter()
        if let feed = query["feed"], !feed.isEmpty {
            // The people the signed-in caller follows: a personal feed, cached per person like every answer.
            guard feed == "following" else {
                throw APIError.badParameter("feed must be following; got \"\(feed)\".")
            }
            guard let user = context.caller.user else { throw APIError.invalidToken }
            filter.followedBy = user.id
        }
        let result = try await store.feed(
            order: order, page: page, filter: filter, cursor: cursor, viewerID: context.caller.user?.id
        )
        let nextCursor = filter.near == nil ? result.items.last.map { FeedCursor(after: $0).text } : nil
        let presenter = context.presenter
        return ListPage(result, page, origin: context.origin, nextCursor: nextCursor, present: presenter.photo)
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Photo {
        let id = try context.parameters.require("id")
        guard let record = try await store.photo(idOrSlug: id, viewerID: context.caller.user?.id) else {
            throw APIError.notFound("Photo")
        }
        return context.presenter.fullPhoto(record)
    }

    /// One photo as an object, or with `count` an array of up to that many.
    struct RandomPhotos: ResponseGenerator {
        let photos: [Photo]
        let asArray: Bool

        func response(from request: Request, context: some RequestContext) throws -> Response {
            if asArray { return try photos.response(from: request, context: context) }
            guard let photo = photos.first else { throw APIError.notFound("Photo") }
            return try photo.response(from: request, context: context)
        }
    }

    @Sendable func random(_ request: Request, context: FeedRequestContext) async throws -> RandomPhotos {
        let query = QueryParameters(request.uri.query)
        var count: Int?
        if let raw = query["count"], !raw.isEmpty {
            guard let value = Int(raw), (1...30).contains(value) else {
                throw APIError.badParameter("count must be a whole number from 1 to 30; got \"\(raw)\".")
            }
            count = value
        }
        let filter = RandomFilter(
            username: query["username"].flatMap { $0.isEmpty ? nil : $0 },
            collectionIDs: query.list("collections"),
            text: query["query"].flatMap { $0.isEmpty ? nil : $0 },
            orientation: try query.choice("orientation", as: PhotoOrientation.self),
            topics: query.list("topics")
        )
        let records = try await store.randomPhotos(count: count ?? 1, filter: filter, viewerID: context.caller.user?.id)
        return RandomPhotos(photos: records.map(context.presenter.fullPhoto), asArray: count != nil)
    }

    /// Counts a download and answers with the URL to fetch: the full-size JPEG, or — with `device=ID`, or `w` and
    /// `h` — a rendition cut to exactly that many pixels with saliency cropping.
    @Sendable func download(_ request: Request, context: FeedRequestContext) async throws -> DownloadLink {
        let query = QueryParameters(request.uri.query)
        // w and h are checked whenever given, even beside a device (which wins): a bad value is never passed over.
        let width = try ImageParameters.dimension(query, "w")
        let height = try ImageParameters.dimension(query, "h")
        var size: (width: Int, height: Int)?
        if let deviceID = query["device"], !deviceID.isEmpty {
            guard let device = Device.named(deviceID) else {
                throw APIError.badParameter("device must be an id from GET /devices; got \"\(deviceID)\".")
            }
            size = (device.width, device.height)
        } else if width != nil || height != nil {
            guard let width, let height else {
                throw APIError.badParameter("w and h must be given together for a wallpaper download.")
            }
            size = (width, height)
        }
        guard let photo = try await store.recordDownload(idOrSlug: try context.parameters.require("id")) else {
            throw APIError.notFound("Photo")
        }
        downloads.track(photo, logger: context.logger)
        let imageQuery =
            size.map { "w=\($0.width)&h=\($0.height)&fit=crop&crop=attention&fm=jpg&q=90&dl=1" }
            ?? "fm=jpg&q=85&dl=1"
        return DownloadLink(url: context.presenter.imageURL(photo.photoID, imageQuery))
    }

    /// python-unsplash 1.2.5 still calls `/photos/search` and expects a plain array.
    @Sendable func legacySearch(_ request: Request, context: FeedRequestContext) async throws -> ListPage<Photo> {
        let query = QueryParameters(request.uri.query)
        let page = try query.page()
        guard let text = query["query"], !text.isEmpty else { throw APIError.badParameter("query is missing") }
        let result = try await store.searchPhotos(
            PhotoSearch(text: text, orientation: try query.choice("orientation", as: PhotoOrientation.self)),
            page: page, viewerID: context.caller.user?.id
        )
        return ListPage(result.page, page, origin: context.origin, present: context.presenter.photo)
    }

    // MARK: likes

    @Sendable func like(_ request: Request, context: FeedRequestContext) async throws -> EditedResponse<LikeResult> {
        let user = try context.requireUser(.writeLikes)
        let change = try await store.like(photo: try context.parameters.require("id"), by: user.id)
        return EditedResponse(status: .created, response: likeResult(change, context))
    }

    @Sendable func unlike(_ request: Request, context: FeedRequestContext) async throws -> LikeResult {
        let user = try context.requireUser(.writeLikes)
        return likeResult(try await store.unlike(photo: try context.parameters.require("id"), by: user.id), context)
    }

    func likeResult(_ change: LikeChange, _ context: FeedRequestContext) -> LikeResult {
        let presenter = context.presenter
        return LikeResult(photo: presenter.photo(change.photo), user: presenter.user(change.user))
    }
}
