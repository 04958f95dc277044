import HTTPTypes
import Hummingbird

/// Facts about the URL space that middleware needs.
enum Routes {
    /// API paths count against the rate limit and carry its headers; images and the web app do not.
    static func isAPI(path: String) -> Bool {
        if hasFileExtension(path) { return false }
        return !(path.hasPrefix("/img/") || path.hasPrefix("/avatars/") || path.hasPrefix("/p/") || path == "/"
            || path.hasPrefix("/app/") || path.hasPrefix("/account/")
            || path.hasPrefix("/oauth/"))
    }

    /// Whether the last segment of a path has a dot: a file of the web app (`/app.js`). API paths never have one
    /// (ids, slugs and usernames are letters, digits, `-` and `_`).
    static func hasFileExtension(_ path: String) -> Bool {
        for byte in path.utf8.reversed() {
            if byte == UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: ".") { return true }
        }
        return false
    }

    /// Each path and the methods it serves; every other method answers 405 with `Allow`.
    static let allowed: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/photos", [.get, .post]), ("/photos/random", [.get]), ("/photos/:id", [.get, .put, .delete]),
        ("/photos/:id/download", [.get]), ("/photos/:id/like", [.post, .delete]), ("/search/photos", [.get]),
        ("/users/:username", [.get]), ("/users/:username/photos", [.get]), ("/users/:username/likes", [.get]),
        ("/users/:username/collections", [.get]), ("/collections", [.get, .post]),
        ("/collections/:id", [.get, .put, .delete]), ("/collections/:id/photos", [.get]),
        ("/collections/:id/add", [.post]), ("/collections/:id/remove", [.delete]), ("/me", [.get, .put]),
        ("/me/avatar", [.put, .post]), ("/devices", [.get]), ("/img/:id", [.get, .head]),
        ("/oauth/token", [.post]), ("/oauth/revoke", [.post]), ("/oauth/authorize", [.get, .post]),
        ("/oauth/authorize/native", [.get]), ("/photos/search", [.get]), ("/photos/curated", [.get]),
        ("/users/:username/portfolio", [.get]), ("/avatars/:username", [.get]), ("/p/:id", [.get]),
        ("/account/signup", [.get, .post]), ("/account/login", [.get, .post]), ("/account/logout", [.post]),
        ("/account/settings", [.get]), ("/account/apps", [.post]),
        ("/account/authorizations/:appID/revoke", [.post]),
    ]

    /// Registers a 405 for every method a path does not serve.
    static func addMethodNotAllowed(to router: Router<FeedRequestContext>) {
        for (path, methods) in allowed {
            let allow = methods.map(\.rawValue).joined(separator: ", ")
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw APIError(
                        .methodNotAllowed, "\(method.rawValue) is not allowed here; use \(allow).",
                        headers: [.allow: allow]
                    )
                }
            }
        }
    }
}
