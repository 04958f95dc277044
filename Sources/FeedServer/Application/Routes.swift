import HTTPTypes
import Hummingbird

/// Facts about the URL space that middleware needs.
enum Routes {
    /// API paths count against the rate limit and carry its headers; images and the web app do not.
    static func isAPI(path: String) -> Bool {
        !(path.hasPrefix("/img/") || path.hasPrefix("/avatars/") || path.hasPrefix("/p/") || path == "/"
            || path.hasPrefix("/app/") || path == "/favicon.ico")
    }

    /// Paths that exist for GET only (until write endpoints land): other methods answer 405 with `Allow`.
    static let readOnly = [
        "/photos", "/photos/random", "/photos/:id", "/photos/:id/download", "/search/photos", "/users/:username",
        "/users/:username/photos", "/users/:username/collections", "/collections", "/collections/:id",
        "/collections/:id/photos", "/img/:id",
    ]

    /// Registers a 405 for every method a read-only path does not serve.
    static func addMethodNotAllowed(to router: Router<FeedRequestContext>) {
        for path in readOnly {
            for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    var headers = HTTPFields()
                    headers[.allow] = path == "/img/:id" ? "GET, HEAD" : "GET"
                    throw APIError(.methodNotAllowed, "\(method.rawValue) is not allowed here; use GET.", headers: headers)
                }
            }
        }
    }
}
