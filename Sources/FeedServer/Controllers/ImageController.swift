import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import Imaging

/// `/img/:id`: the original, or a rendition described by imgix-style parameters, with strong ETags and a year of
/// immutable caching (a photo's bytes never change under its id).
struct ImageController: Sendable {
    let store: LibraryStore
    let renditions: RenditionService
    /// Rendition files served lately, kept in memory.
    let memory: RenditionMemory
    /// Answers to exact URLs of cached renditions.
    let answers: RenditionAnswers
    let metrics: ServerMetrics
    /// The largest renditions made; larger requests are a 400 before any pixel is decoded.
    let limits: RenditionLimits
    /// Counts the renditions each address has had made (cached ones are free).
    let newRenditions: SharedRateLimiter

    static let cacheControl = "public, max-age=31536000, immutable"

    func addRoutes(to images: RouteGroup) {
        images.get("/img/:id", fast: cachedAnswer, use: get)
    }

    /// A cached rendition, answered without waiting (see ``cachedAnswer(target:id:query:method:headers:)``).
    @Sendable func cachedAnswer(_ request: FastRequest) -> ImmediateResponse? {
        guard let id = request.parameter("id") else { return nil }
        let head = request.head
        return cachedAnswer(
            target: head.path ?? "", id: String(id), query: QueryParameters(head.query), method: head.method,
            headers: head.headerFields
        )
    }

    /// The cache-first answer to an `/img` request: remembered by its URL, or made from the cached rendition file
    /// (and then remembered when the URL alone decides it). Nil when the rendition is not cached, for downloads and
    /// for bad parameters (the handler says what is wrong with them).
    func cachedAnswer(
        target: String, id: String, query: @autoclosure () -> QueryParameters, method: HTTPRequest.Method,
        headers: HTTPFields
    ) -> ImmediateResponse? {
        if let remembered = remembered(target, method: method, headers: headers) { return remembered }
        let query = query()
        guard query["dl"] == nil, let parsed = try? ImageParameters.parse(query, accept: headers[.accept]) else {
            return nil
        }
        return cachedAnswer(target: target, id: id, parsed: parsed, method: method, headers: headers)
    }

    /// The answer remembered for this exact URL, counted as a rendition served from the cache.
    private func remembered(_ target: String, method: HTTPRequest.Method, headers: HTTPFields) -> ImmediateResponse? {
        guard let answer = answers.answer(target, method: method, headers: headers) else { return nil }
        metrics.rendition(.cached)
        return answer
    }

    /// The answer made from the cached rendition file of parameters already parsed, remembered when the URL alone
    /// decides it; nil when it is not cached.
    func cachedAnswer(
        target: String, id: String, parsed: ImageRequest, method: HTTPRequest.Method, headers: HTTPFields
    ) -> ImmediateResponse? {
        guard let (answer, path, body) = cachedRendition(id: id, parsed, method: method, headers: headers) else {
            return nil
        }
        metrics.rendition(.cached)
        if case .rendition(_, let negotiated) = parsed, !negotiated, let body {
            answers.remember(target, path: path, answer, body: body)
        }
        return answer
    }

    @Sendable func get(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let query = QueryParameters(request.uri.query)
        let parsed = try ImageParameters.parse(query, accept: request.headers[.accept])
        let target = request.head.path ?? ""
        let cached =
            remembered(target, method: request.method, headers: request.headers)
            ?? (query["dl"] == nil
                ? cachedAnswer(target: target, id: id, parsed: parsed, method: request.method, headers: request.headers)
                : nil)
        if let cached { return cached.response }
        guard let source = try await store.imageSource(idOrSlug: id) else { throw APIError.notFound("Photo") }
        return try await answer(
            source, parsed, download: query["dl"] == "1", request: request, context: context, query: query
        )
    }

    /// The original or a rendition of `source`, with its ETag (a 304 when the client has it), made when not cached;
    /// for a hotlinked photo, a redirect to the same image at its source.
    func answer(
        _ source: ImageSource, _ parsed: ImageRequest, download: Bool, request: Request, context: FeedRequestContext,
        query: QueryParameters? = nil
    ) async throws -> Response {
        if let hotlink = source.hotlink {
            return HotlinkRedirect.response(to: HotlinkRedirect.location(hotlink, parsed, query: query))
        }
        var headers = HTTPFields()
        headers[.cacheControl] = Self.cacheControl
        if download {
            headers[.contentDisposition] =
                "attachment; filename=\"\(source.slug).\(Self.fileExtension(parsed, source))\""
        }
        let etag: String
        let contentType: String
        switch parsed {
        case .original:
            etag = "\"\(source.original.sha256)\""
            contentType = ImageFormat(rawValue: source.original.format)?.mimeType ?? "application/octet-stream"
        case .rendition(let spec, let negotiated):
            let complete = Self.complete(spec, source)
            let size = complete.outputSize(fromWidth: source.width, height: source.height)
            if let refusal = limits.refusal(size, format: complete.format) { throw APIError.badParameter(refusal) }
            etag = Self.etag(id: source.photoID, spec: complete)
            contentType = spec.format.mimeType
            if negotiated { headers[.vary] = "Accept" }
        }
        headers[.eTag] = etag
        if ETag.matches(request.headers[.ifNoneMatch], etag) {
            return Response(status: .notModified, headers: headers)
        }

        let bytes: [UInt8]
        switch parsed {
        case .original:
            guard let original = try await renditions.original(source.original, cacheID: source.photoID) else {
                context.logger.error("Original file missing", metadata: ["photo": "\(source.photoID)"])
                throw APIError(.internalServerError, "The original file of this photo is missing on the server.")
            }
            bytes = original
        case .rendition(let spec, _):
            let address = context.remoteAddress
            bytes = try await renditions.rendition(of: source, spec: Self.complete(spec, source)) { [newRenditions] in
                let state = await newRenditions.hit("render:" + (address ?? "unknown"))
                guard state.remaining >= 0 else {
                    throw APIError(
                        .tooManyRequests,
                        "Too many new image sizes from this address; try again in \(state.resetIn) seconds. "
                            + "Sizes already made are still served.",
                        headers: [.retryAfter: String(state.resetIn)])
                }
            }
        }
        headers[.contentType] = contentType
        headers[.contentLength] = String(bytes.count)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A rendition's ETag: the photo id and the normalised parameters. A photo's pixels never change under its
    /// id, so this is a strong validator without reading the file.
    static func etag(id: String, spec: RenditionSpec) -> String {
        "\"\(id)-\(spec.cacheKey)\""
    }

    /// The cache-first answer: a sized rendition already in the cache is answered from the file alone (from memory
    /// when served before), without the database — a deleted photo's renditions are deleted with it. Nil when the
    /// rendition is not cached (or the request is not for a sized rendition). Synchronous, so the fast path serves
    /// it too.
    /// Returns the answer, the rendition file's path and, for a 200, its bytes.
    func cachedRendition(id: String, _ parsed: ImageRequest, method: HTTPRequest.Method, headers request: HTTPFields)
        -> (answer: ImmediateResponse, path: String, body: ByteBuffer?)?
    {
        guard case .rendition(let spec, let negotiated) = parsed, spec.width != nil || spec.height != nil,
            id.count == 11
        else { return nil }
        let path = renditions.files.renditionPath(photoID: id, key: spec.cacheKey)
        var headers = HTTPFields()
        headers[.cacheControl] = Self.cacheControl
        headers[.eTag] = Self.etag(id: id, spec: spec)
        if negotiated { headers[.vary] = "Accept" }
        if ETag.matches(request[.ifNoneMatch], Self.etag(id: id, spec: spec)), memory.exists(atPath: path) {
            return (ImmediateResponse(status: .notModified, headers: headers), path, nil)
        }
        guard let bytes = memory.bytes(atPath: path) else { return nil }
        headers[.contentType] = spec.format.mimeType
        return (.ok(headers, bytes, method: method), path, bytes)
    }

    /// A spec with neither width nor height (`?fm=jpg&q=85`, the `full` URL) means full size.
    static func complete(_ spec: RenditionSpec, _ source: ImageSource) -> RenditionSpec {
        guard spec.width == nil, spec.height == nil else { return spec }
        var full = spec
        full.width = min(source.width, ImageParameters.maxDimension)
        return full
    }

    static func fileExtension(_ request: ImageRequest, _ source: ImageSource) -> String {
        switch request {
        case .original: ImageFormat.fileExtension(ofStored: source.original.format)
        case .rendition(let spec, _): spec.format.fileExtension
        }
    }
}
