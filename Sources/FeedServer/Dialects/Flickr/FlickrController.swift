import FeedLibrary
import FeedStore
import Foundation
import Hummingbird

/// Flickr's REST API at `/services/rest/` (reference §1–§2): GET or POST, a key from `api_key` or from a signed
/// request's `oauth_consumer_key` (an app registered with `imagefeed apps create`), XML or JSON, and errors as
/// HTTP 200 with `stat="fail"`.
struct FlickrController: Sendable {
    let store: LibraryStore

    func addRoutes(to flickr: RouteGroup) {
        flickr.get("/services/rest", use: rest)
        flickr.post("/services/rest", use: rest)
    }

    /// Who is calling and what they sent, once the key and any signature are checked.
    struct Call: Sendable {
        let parameters: [String: String]
        /// The signed-in user of an OAuth access token, and its permission (`read`, `write`, `delete`).
        let user: UserRecord?
        let perms: String?
        let token: String?
        let presenter: FlickrPresenter
    }

    @Sendable func rest(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let signed = try await OAuth1Request.read(request, origin: context.origin, maxBody: context.maxUploadSize)
        let parameters = signed.values
        let format: FlickrFormat
        switch FlickrFormat.from(parameters) {
        case .success(let chosen): format = chosen
        case .failure(let error): return FlickrFormat.xml.response(error)
        }
        do {
            let call = try await authenticate(signed, context: context)
            return format.response(try await answer(call))
        } catch let error as FlickrError {
            return format.response(error)
        } catch StoreError.notFound {
            return format.response(.photoNotFound)
        }
    }

    /// Checks the key, and for a signed request its signature (and its token, when it carries one).
    func authenticate(_ request: OAuth1Request, context: FeedRequestContext) async throws -> Call {
        let parameters = request.values
        guard let key = parameters["api_key"] ?? request.consumerKey, !key.isEmpty else { throw FlickrError.missingKey }
        guard let app = try await store.app(accessKey: key) else { throw FlickrError.invalidKey }
        var user: UserRecord?
        var perms: String?
        if request.isSigned {
            guard let consumerSecret = app.oauth1Secret else {
                throw FlickrError(96, "Invalid signature (this app has no OAuth 1.0a secret: run imagefeed apps oauth1-secret)")
            }
            var tokenSecret = ""
            if let token = request.token {
                guard let found = try await store.oauth1Token(hash: Secrets.hash(token)), found.token.kind == .access,
                    found.token.appID == app.id, let owner = found.user
                else { throw FlickrError.invalidToken }
                tokenSecret = found.token.secret
                user = owner
                perms = found.token.perms
            }
            guard request.hasValidSignature(consumerSecret: consumerSecret, tokenSecret: tokenSecret) else {
                throw FlickrError.invalidSignature
            }
        } else if request.token != nil {
            throw FlickrError.missingSignature
        }
        return Call(
            parameters: parameters, user: user, perms: perms, token: request.token,
            presenter: FlickrPresenter(origin: context.origin, viewerID: user?.id)
        )
    }

    typealias Method = @Sendable (FlickrController, Call) async throws -> [FlickrNode]

    /// Every method served, by name.
    static let methods: [String: Method] = [
        "flickr.photos.search": { try await $0.search($1) },
        "flickr.photos.getRecent": { try await $0.recent($1) },
        "flickr.interestingness.getList": { try await $0.interesting($1) },
        "flickr.photos.getInfo": { try await $0.info($1) },
        "flickr.photos.getSizes": { try await $0.sizes($1) },
        "flickr.photos.getExif": { try await $0.exif($1) },
        "flickr.photos.geo.getLocation": { try await $0.location($1) },
        "flickr.tags.getListPhoto": { try await $0.tagList($1) },
        "flickr.tags.getHotList": { try await $0.hotTags($1) },
        "flickr.people.getInfo": { try await $0.person($1) },
        "flickr.people.getPublicPhotos": { try await $0.publicPhotos($1) },
        "flickr.photosets.getList": { try await $0.photosets($1) },
        "flickr.photosets.getPhotos": { try await $0.photosetPhotos($1) },
        "flickr.favorites.getList": { try await $0.favorites($1) },
        "flickr.favorites.add": { try await $0.addFavorite($1) },
        "flickr.favorites.remove": { try await $0.removeFavorite($1) },
        "flickr.test.echo": { $0.echo($1) },
        "flickr.test.login": { try $0.login($1) },
        "flickr.auth.oauth.checkToken": { try $0.checkToken($1) },
    ]

    func answer(_ call: Call) async throws -> [FlickrNode] {
        let name = call.parameters["method"] ?? ""
        guard let method = Self.methods[name] else { throw FlickrError(112, "Method \"\(name)\" not found") }
        return try await method(self, call)
    }
}

extension FlickrController.Call {
    /// A whole-number parameter in `range`, or `fallback` when absent; anything else is Flickr's error 18.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let raw = parameters[name], !raw.isEmpty else { return fallback }
        guard let value = Int(raw) else { throw FlickrError(18, "Illogical arguments: \(name) must be a number") }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// `page` and `per_page` (at most `maxPerPage`; Flickr clamps rather than refuses).
    func page(maxPerPage: Int = 500, defaultPerPage: Int = 100) throws -> PageRequest {
        PageRequest(
            number: try int("page", default: 1, in: 1...100_000),
            size: try int("per_page", default: defaultPerPage, in: 1...maxPerPage)
        )
    }

    var extras: Set<String> {
        Set((parameters["extras"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    func required(_ name: String) throws -> String {
        guard let value = parameters[name], !value.isEmpty else { throw FlickrError.missingArgument(name) }
        return value
    }

    /// The signed-in user, with at least `write` permission when `write`.
    func signedIn(write: Bool = false) throws -> UserRecord {
        guard let user, !write || perms == "write" || perms == "delete" else { throw FlickrError.notLoggedIn }
        return user
    }
}
