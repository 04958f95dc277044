import FeedStore
import Foundation
import Hummingbird
import Imaging

/// Serves the image URLs the Flickr and Pixabay dialects hand out (see ``LadderImage``), so an app that builds them
/// itself, as Flickr apps do from `server`, `id` and `secret`, needs only its host changed. Each is a rendition
/// through ``ImageController``: the same cache, ETags and lifetime as `/img`.
struct DialectImageController: Sendable {
    let store: LibraryStore
    let images: ImageController

    func addRoutes(to group: RouteGroup) {
        group.get("/\(LadderImage.flickrServer)/:file", use: flickr)
        group.get("/get/:file", use: pixabay)
    }

    /// `/65535/{id}_{secret}[_{suffix}].{ext}`, the id a Flickr photo id (or the bare number handed out before).
    @Sendable func flickr(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let (id, secret, suffix) = try Self.parse(try context.parameters.require("file"), parts: 2...3)
        guard let number = FlickrIDs.photoNumber(String(id)), let size = FlickrLadderSize.withSuffix(suffix ?? ""),
            let source = try await store.imageSource(number: number)
        else { throw APIError.notFound("Photo") }
        if size.suffix == "o" {
            guard secret == LadderImage.originalSecret(source.original.sha256) else { throw APIError.notFound("Photo") }
            return try await images.answer(source, .original, download: false, request: request, context: context)
        }
        guard secret == LadderImage.secret(source.original.sha256) else { throw APIError.notFound("Photo") }
        let box = size.dimensions(width: source.width, height: source.height)
        return try await rendition(source, box: box, request: request, context: context)
    }

    /// `/get/{id}_{secret}_{size}.jpg`.
    @Sendable func pixabay(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let (number, secret, sizeText) = try Self.parse(try context.parameters.require("file"), parts: 3...3)
        guard let size = sizeText.flatMap({ Int($0) }), let box = LadderImage.pixabayBox(size),
            let source = try await store.imageSource(number: number),
            secret == LadderImage.secret(source.original.sha256)
        else { throw APIError.notFound("Photo") }
        let fitted = LadderImage.fitted(width: source.width, height: source.height, within: box)
        return try await rendition(source, box: fitted, request: request, context: context)
    }

    /// An exact `box` rendition (a crop of at most a pixel keeps the size the API announced).
    private func rendition(
        _ source: ImageSource, box: (width: Int, height: Int), request: Request, context: FeedRequestContext
    ) async throws -> Response {
        let spec = RenditionSpec(width: box.width, height: box.height, fit: .crop, crop: .centre, quality: 80)
        return try await images.answer(
            source, .rendition(spec, negotiated: false), download: false, request: request, context: context
        )
    }

    /// `{number}_{secret}[_{suffix}].{ext}` into its parts; anything else is a 404.
    static func parse(_ file: String, parts: ClosedRange<Int>) throws -> (Int64, String, String?) {
        let stem = file.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let pieces = stem.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard parts.contains(pieces.count), let number = Int64(pieces[0]), number > 0, !pieces[1].isEmpty else {
            throw APIError.notFound("Photo")
        }
        return (number, pieces[1], pieces.count > 2 ? pieces[2] : nil)
    }
}
