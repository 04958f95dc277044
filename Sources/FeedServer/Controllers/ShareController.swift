import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/p/:id`: a server-rendered page for a shared photo. Chat apps and social sites read its Open Graph and
/// Twitter card tags (title, image and its size) to show a preview; people are sent on to the web app's viewer.
/// Its words are in the language the client asks for first (`Accept-Language`).
struct ShareController: Sendable {
    let store: LibraryStore
    let catalogues: Catalogues

    func addRoutes(to webApp: RouteGroup) {
        webApp.get("/p/:id", use: page)
    }

    @Sendable func page(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let text = catalogues.text(preference: nil, acceptLanguage: request.headers[.acceptLanguage])
        guard let record = try await store.photo(idOrSlug: id) else {
            let open = "<a href=\"/\">\(HTMLPage.escape(text("page.share.open")))</a>"
            return HTMLPage.response(
                text, title: text("viewer.missing.title"), status: .notFound, headers: [.vary: "Accept-Language"],
                body: """
                    <h1>\(HTMLPage.escape(text("viewer.missing.title")))</h1>
                    <p>\(HTMLPage.escape(text("page.share.missing")))</p><p>\(open)</p>
                    """)
        }
        let presenter = context.presenter
        let photo = presenter.photo(record)
        let title = photo.description ?? photo.altDescription ?? text("page.share.untitled")
        // A photo from a remote source credits its photographer and the service, with their links.
        let byline =
            photo.source.map { text("photo.credit", ["author": $0.authorName, "source": $0.name]) }
            ?? text("photo.credit", ["author": photo.user.name, "source": text("app.name")])
        // The preview image: 1200 px wide, the size chat apps like, with its exact height.
        let width = min(1200, record.width)
        let height = Int((Double(record.height) * Double(width) / Double(max(1, record.width))).rounded())
        let image = presenter.imageURL(record.id, "w=\(width)&fit=max&q=85&fm=jpg")
        let viewer = "/#/photo/\(record.id)"
        let escape = HTMLPage.escape
        let credit =
            photo.source.map { source in
                let name = text.isolated(source.authorName)
                let author = source.authorURL.map { "<a href=\"\(escape($0))\">\(name)</a>" } ?? name
                let license =
                    photo.license.map { license in
                        license.url.map { " · <a href=\"\(escape($0))\">\(text.isolated(license.name))</a>" }
                            ?? " · " + text.isolated(license.name)
                    } ?? ""
                let service = "<a href=\"\(escape(source.photoURL))\">\(text.isolated(source.name))</a>"
                return text.html("photo.credit", ["author": author, "source": service]) + license
            }
            ?? text.html(
                "photo.credit", ["author": text.isolated(photo.user.name), "source": escape(text("app.name"))])
        let open = "<a href=\"\(escape(viewer))\">\(escape(text("page.share.openIn")))</a>"
        let html = """
            <!doctype html>
            <html lang="\(text.code)" dir="\(text.direction)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(text("app.title", ["screen": title])))</title>
            <link rel="canonical" href="\(escape(photo.links.html))">
            <meta name="description" content="\(escape(byline))">
            <meta property="og:type" content="article">
            <meta property="og:site_name" content="ImageFeed">
            <meta property="og:title" content="\(escape(title))">
            <meta property="og:description" content="\(escape(byline))">
            <meta property="og:url" content="\(escape(photo.links.html))">
            <meta property="og:image" content="\(escape(image))">
            <meta property="og:image:width" content="\(width)">
            <meta property="og:image:height" content="\(height)">
            <meta property="og:image:alt" content="\(escape(photo.altDescription ?? title))">
            <meta name="twitter:card" content="summary_large_image">
            <meta name="twitter:title" content="\(escape(title))">
            <meta name="twitter:description" content="\(escape(byline))">
            <meta name="twitter:image" content="\(escape(image))">
            <style>body{margin:0;background:#111;color:#eee;font:16px/1.5 system-ui,sans-serif;text-align:center}
            img{max-width:100%;height:auto;display:block;margin:0 auto}a{color:#fff}</style>
            </head><body>
            <a href="\(escape(viewer))"><img src="\(escape(image))" width="\(width)" height="\(height)" alt="\(escape(photo.altDescription ?? title))"></a>
            <p>\(text.isolated(title)) — \(credit). \(open)</p>
            <script>location.replace(\(Self.javaScriptString(viewer)))</script>
            </body></html>
            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "public, max-age=300"
        headers[.vary] = "Accept-Language"
        headers[.contentLanguage] = text.code
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A JavaScript string literal that is also safe inside a `<script>` element.
    static func javaScriptString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
