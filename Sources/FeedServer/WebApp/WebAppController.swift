import FeedModels
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves the web app (`Web/`) at `/`: one route per file, files from memory, gzipped for browsers that accept it,
/// revalidated with ETags. For visitors without a session cookie, `index.html` arrives with the first feed page
/// already inside it (in place of the `<!--first-page-->` marker), so a phone can start loading the first photo
/// while the scripts are still on their way instead of after them — the difference between a 4 s and a 1.5 s first
/// photo on a slow network.
struct WebAppController: Sendable {
    /// Answers an API request made on the server's own behalf (the first feed page).
    typealias InternalRequest = @Sendable (Request, FeedRequestContext) async throws -> Response

    /// Where in `index.html` the first feed page goes.
    static let marker = "<!--first-page-->"
    /// The request the feed makes first; the web app reads the inlined page only when its own path matches.
    static let firstPagePath = "/photos?order_by=latest&per_page=20"

    let files: WebAppFiles
    let firstPage: InternalRequest?

    func addRoutes(to webApp: RouteGroup) {
        webApp.get("/", use: index)
        for name in files.names() {
            webApp.get("/" + name, use: name == "index.html" ? index : file)
        }
    }

    @Sendable func file(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let relative = String(request.uri.path.dropFirst())
        guard let file = files.file(relative) else { throw APIError(.notFound, "Not found") }
        var headers = Self.headers(for: file)
        headers[.eTag] = file.etag
        if ETag.matches(request.headers[.ifNoneMatch], file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        if Gzip.isAccepted(by: request.headers[.acceptEncoding]), let zipped = file.gzipped {
            headers[.contentEncoding] = "gzip"
            return Self.response(request, headers, zipped)
        }
        return Self.response(request, headers, file.body)
    }

    @Sendable func index(_ request: Request, context: FeedRequestContext) async throws -> Response {
        // Someone with a session sees their own likes in the feed: the page fetches it with their cookie.
        guard request.cookies[SessionCookie.name] == nil, let file = files.file("index.html"),
            let page = await inlinedFirstPage(request, context), let html = Self.inline(page, into: file.body)
        else { return try await self.file(Self.indexRequest(request), context: context) }
        var headers = Self.headers(for: file)
        if Gzip.isAccepted(by: request.headers[.acceptEncoding]), let zipped = Gzip.compress(html) {
            headers[.contentEncoding] = "gzip"
            return Self.response(request, headers, zipped)
        }
        return Self.response(request, headers, html)
    }

    /// `request` as a request for `/index.html`, which is what `/` serves.
    static func indexRequest(_ request: Request) -> Request {
        var head = request.head
        head.path = "/index.html"
        return Request(head: head, body: .init(buffer: ByteBuffer()))
    }

    static func headers(for file: WebAppFiles.File) -> HTTPFields {
        [.contentType: file.contentType, .cacheControl: "no-cache", .vary: "Accept-Encoding"]
    }

    /// 200 with `body`, or for HEAD only its length.
    static func response(_ request: Request, _ headers: HTTPFields, _ body: ByteBuffer) -> Response {
        guard request.method == .head else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
        var headers = headers
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers)
    }

    /// `<script id="first-page" type="application/json">{"path", "link", "total", "photos"}</script>`: exactly what
    /// `GET /photos?order_by=latest&per_page=20` answers (body, `Link`, `X-Total`). Nil when that request fails —
    /// the page then works as before, fetching the feed itself.
    func inlinedFirstPage(_ request: Request, _ context: FeedRequestContext) async -> ByteBuffer? {
        guard let firstPage else { return nil }
        var head = request.head
        head.method = .get
        head.path = Self.firstPagePath
        head.headerFields[.acceptEncoding] = nil
        head.headerFields[.ifNoneMatch] = nil
        let internalRequest = Request(head: head, body: .init(buffer: ByteBuffer()))
        guard let response = try? await firstPage(internalRequest, context), response.status == .ok,
            let photos = try? await response.body.collect()
        else { return nil }
        var json: [UInt8] = Array(#"{"path":"#.utf8) + JSONWriter.quoted(Self.firstPagePath)
        json += Array(#","link":"#.utf8) + JSONWriter.quoted(response.headers[.link] ?? "")
        json += Array(#","total":"#.utf8) + Array(String(Int(response.headers[.total] ?? "") ?? 0).utf8)
        json += Array(#","photos":"#.utf8) + Array(photos.readableBytesView) + [UInt8(ascii: "}")]
        // JSON inside <script> must not contain "</script" or "<!--": escaping every "<" rules both out.
        var escaped: [UInt8] = Array(#"<script id="first-page" type="application/json">"#.utf8)
        escaped.reserveCapacity(json.count + 128)
        for byte in json {
            if byte == UInt8(ascii: "<") { escaped += Array("\\u003c".utf8) } else { escaped.append(byte) }
        }
        escaped += Array("</script>".utf8)
        return ByteBuffer(bytes: escaped)
    }

    /// `index` with `page` in place of the marker; nil when the page has no marker.
    static func inline(_ page: ByteBuffer, into index: ByteBuffer) -> ByteBuffer? {
        let marker = Array(Self.marker.utf8)
        let bytes = Array(index.readableBytesView)
        guard let start = bytes.firstRange(of: marker)?.lowerBound else { return nil }
        var html = ByteBuffer()
        html.reserveCapacity(bytes.count + page.readableBytes)
        html.writeBytes(bytes[..<start])
        html.writeImmutableBuffer(page)
        html.writeBytes(bytes[(start + marker.count)...])
        return html
    }
}
