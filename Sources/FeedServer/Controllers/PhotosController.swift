import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import NIOPosix

/// `/photos` and everything under it: the feed, one photo, random photos, downloads (with device-sized
/// wallpapers), likes, uploads, edits and deletion.
struct PhotosController: Sendable {
    let store: LibraryStore
    let publicURL: String?
    let ingester: PhotoIngester
    let threadPool: NIOThreadPool

    func addRoutes(to router: Router<FeedRequestContext>) {
        router.get("/photos", use: list)
        router.post("/photos", use: upload)
        router.get("/photos/random", use: random)
        router.get("/photos/search", use: legacySearch)
        router.get("/photos/curated", use: list)
        router.get("/photos/:id", use: get)
        router.put("/photos/:id", use: update)
        router.delete("/photos/:id", use: delete)
        router.get("/photos/:id/download", use: download)
        router.post("/photos/:id/like", use: like)
        router.delete("/photos/:id/like", use: unlike)
    }

    @Sendable func list(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        let order = try query.choice("order_by", as: PhotoOrder.self) ?? .latest
        var cursor: FeedCursor?
        if let raw = query["cursor"], !raw.isEmpty {
            guard let parsed = FeedCursor(raw) else {
                throw APIError.badParameter("cursor is not valid; use the one from the Link header.")
            }
            cursor = parsed
        }
        let filter = try query.photoFilter()
        let result = try await store.feed(
            order: order, page: PageRequest(number: page, size: perPage), filter: filter, cursor: cursor,
            viewerID: context.caller.user?.id
        )
        let nextCursor = filter.near == nil ? result.items.last.map { FeedCursor(after: $0).text } : nil
        return Presenter(request: request, context: context, publicURL: publicURL)
            .photoList(result, page: page, perPage: perPage, request: request, nextCursor: nextCursor)
    }

    func photo(_ context: FeedRequestContext) async throws -> PhotoRecord {
        let id = try context.parameters.require("id")
        guard let record = try await store.photo(idOrSlug: id, viewerID: context.caller.user?.id) else {
            throw APIError.notFound("Photo")
        }
        return record
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        JSONResponse.make(Presenter(request: request, context: context, publicURL: publicURL).photo(try await photo(context)))
    }

    @Sendable func random(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        var count: Int?
        if let raw = query["count"], !raw.isEmpty {
            guard let value = Int(raw), (1...30).contains(value) else {
                throw APIError.badParameter("count must be a whole number from 1 to 30; got \"\(raw)\".")
            }
            count = value
        }
        var filter = RandomFilter(
            collectionIDs: query.list("collections"),
            text: query["query"].flatMap { $0.isEmpty ? nil : $0 },
            orientation: try query.choice("orientation", as: Orientation.self)
        )
        if let username = query["username"], !username.isEmpty {
            guard let owner = try await store.user(username: username) else { throw APIError.notFound("User") }
            filter.ownerID = owner.id
        }
        let records = try await store.randomPhotos(count: count ?? 1, filter: filter, viewerID: context.caller.user?.id)
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        if count != nil { return JSONResponse.make(records.map(presenter.photo)) }
        guard let record = records.first else { throw APIError.notFound("Photo") }
        return JSONResponse.make(presenter.photo(record))
    }

    /// Counts a download and answers with the URL to fetch: the full-size JPEG, or — with `device=ID`, or `w` and
    /// `h` — a rendition cut to exactly that many pixels with saliency cropping.
    @Sendable func download(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        var size: (width: Int, height: Int)?
        if let deviceID = query["device"], !deviceID.isEmpty {
            guard let device = Device.named(deviceID) else {
                throw APIError.badParameter("device must be an id from GET /devices; got \"\(deviceID)\".")
            }
            size = (device.width, device.height)
        } else if query["w"] != nil || query["h"] != nil {
            guard let width = try ImageParameters.dimension(query, "w"), let height = try ImageParameters.dimension(query, "h")
            else { throw APIError.badParameter("w and h must be given together for a wallpaper download.") }
            size = (width, height)
        }
        let record = try await photo(context)
        guard try await store.recordDownload(photoID: record.id) else { throw APIError.notFound("Photo") }
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        let imageQuery = size.map { "w=\($0.width)&h=\($0.height)&fit=crop&crop=attention&fm=jpg&q=90&dl=1" }
            ?? "fm=jpg&q=85&dl=1"
        return JSONResponse.make(DownloadLink(url: presenter.imageURL(record.id, imageQuery)))
    }

    /// python-unsplash 1.2.5 still calls `/photos/search` and expects a plain array.
    @Sendable func legacySearch(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let query = QueryParameters(request.uri.query)
        let (page, perPage) = try query.pagination()
        guard let text = query["query"], !text.isEmpty else { throw APIError.badParameter("query is missing") }
        let result = try await store.searchPhotos(
            PhotoSearch(text: text, orientation: try query.choice("orientation", as: Orientation.self)),
            page: PageRequest(number: page, size: perPage), viewerID: context.caller.user?.id
        )
        return Presenter(request: request, context: context, publicURL: publicURL)
            .photoList(result.page, page: page, perPage: perPage, request: request)
    }

    // MARK: likes

    /// The like and unlike answer: the photo as the caller now sees it, and the caller.
    struct LikeResult: Encodable {
        let photo: Photo
        let user: User
    }

    @Sendable func like(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await setLike(true, request: request, context: context)
    }

    @Sendable func unlike(_ request: Request, context: FeedRequestContext) async throws -> Response {
        try await setLike(false, request: request, context: context)
    }

    func setLike(_ liked: Bool, request: Request, context: FeedRequestContext) async throws -> Response {
        let user = try context.requireUser(.writeLikes)
        let id = try context.parameters.require("id")
        guard let target = try await store.photo(idOrSlug: id) else { throw APIError.notFound("Photo") }
        let found = liked
            ? try await store.like(photoID: target.id, userID: user.id)
            : try await store.unlike(photoID: target.id, userID: user.id)
        guard found, let record = try await store.photo(idOrSlug: target.id, viewerID: user.id),
            let fresh = try await store.user(id: user.id)
        else { throw APIError.notFound("Photo") }
        let presenter = Presenter(request: request, context: context, publicURL: publicURL)
        return JSONResponse.make(
            LikeResult(photo: presenter.photo(record), user: presenter.user(fresh)), status: liked ? .created : .ok
        )
    }

    // MARK: uploads and edits

    @Sendable func upload(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let user = try context.requireUser(.writePhotos)
        let upload = try await UploadReceiver.receive(
            request, files: ingester.files, maxBytes: ingester.imaging.limits.maxBytes
        )
        defer { upload.discard() }
        let fields = upload.fields
        let tags = (fields["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let title = fields["title"] ?? upload.fileName.map(ImportNaming.title(fromFileName:))
        let details = PhotoIngester.Details(
            title: title, description: fields["description"].flatMap { $0.isEmpty ? nil : $0 }, tags: tags,
            place: try Self.place(from: fields)
        )
        let result: PhotoIngester.Result
        do {
            result = try await ingester.ingest(
                path: upload.path, size: upload.size, ownerID: user.id, details: details, threadPool: threadPool
            )
        } catch let error as ImagingError {
            throw Self.apiError(for: error)
        }
        switch result {
        case .recorded(let photoID):
            guard let record = try await store.photo(idOrSlug: photoID, viewerID: user.id) else {
                throw APIError.notFound("Photo")
            }
            return JSONResponse.make(
                Presenter(request: request, context: context, publicURL: publicURL).photo(record), status: .created
            )
        case .duplicate(let photoID):
            throw APIError(.conflict, "This photo is already in the library as \(photoID).")
        }
    }

    /// The precise 4xx for an image that cannot be taken.
    static func apiError(for error: ImagingError) -> APIError {
        switch error {
        case .notAnImage:
            APIError(.unsupportedMediaType, "The file is not an image ImageFeed can read (JPEG, PNG, WebP, HEIC or AVIF).")
        case .tooLarge: APIError(.contentTooLarge, error.description)
        case .tooManyPixels, .corrupt: APIError(.unprocessableContent, error.description)
        case .invalidParameter: APIError(.badRequest, error.description)
        case .vips: APIError(.unprocessableContent, "The image could not be read: \(error.description)")
        }
    }

    /// `location[name]`, `location[city]`, `location[country]`, `location[latitude]`, `location[longitude]` (or
    /// the same without the `location[…]` wrapper).
    static func place(from values: [String: String]) throws(APIError) -> Place {
        func value(_ key: String) -> String? {
            (values["location[\(key)]"] ?? values[key]).flatMap { $0.isEmpty ? nil : $0 }
        }
        var place = Place(name: value("name"), city: value("city"), country: value("country"))
        if let latitude = value("latitude") {
            guard let number = Double(latitude), (-90...90).contains(number) else {
                throw .badParameter("location[latitude] must be a number from -90 to 90.")
            }
            place.latitude = number
        }
        if let longitude = value("longitude") {
            guard let number = Double(longitude), (-180...180).contains(number) else {
                throw .badParameter("location[longitude] must be a number from -180 to 180.")
            }
            place.longitude = number
        }
        guard (place.latitude == nil) == (place.longitude == nil) else {
            throw .badParameter("location[latitude] and location[longitude] must be given together.")
        }
        return place
    }

    func ownedPhoto(_ context: FeedRequestContext, scope: Scope) async throws -> (UserRecord, PhotoRecord) {
        let user = try context.requireUser(scope)
        let record = try await photo(context)
        guard record.owner.id == user.id else {
            throw APIError(.forbidden, "You can only change your own photos.")
        }
        return (user, record)
    }

    @Sendable func update(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let (user, record) = try await ownedPhoto(context, scope: .writePhotos)
        let parameters = try await RequestParameters.collect(request, context: context)
        let locationKeys = ["name", "city", "country", "latitude", "longitude"].map { "location[\($0)]" }
        let hasPlace = locationKeys.contains { parameters[$0] != nil }
        var changes = PhotoChanges(
            description: parameters["description"],
            altDescription: parameters["alt_description"],
            tags: parameters["tags"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } },
            place: hasPlace ? try Self.place(from: parameters.values) : nil
        )
        if let description = changes.description, description.count > 2000 {
            throw APIError(.unprocessableContent, "description must be at most 2000 characters.")
        }
        if changes.tags?.count ?? 0 > 50 { changes.tags = Array(changes.tags!.prefix(50)) }
        try await store.updatePhoto(id: record.id, changes)
        guard let updated = try await store.photo(idOrSlug: record.id, viewerID: user.id) else {
            throw APIError.notFound("Photo")
        }
        return JSONResponse.make(Presenter(request: request, context: context, publicURL: publicURL).photo(updated))
    }

    @Sendable func delete(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let (_, record) = try await ownedPhoto(context, scope: .writePhotos)
        guard let deleted = try await store.deletePhoto(id: record.id) else { throw APIError.notFound("Photo") }
        let files = ingester.files
        let orphans = OrphanedFiles(
            photoIDs: [deleted.id],
            originals: try await store.unreferenced([StoredOriginal(sha256: deleted.sha256, format: deleted.format)]))
        try await threadPool.runIfActive { files.remove(orphans) }
        return Response(status: .noContent)
    }
}
