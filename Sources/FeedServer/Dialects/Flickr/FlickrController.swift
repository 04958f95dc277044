import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import Hummingbird

/// Flickr's REST API at `/services/rest/` (reference §1–§2): GET or POST, a key from `api_key` or from a signed
/// request's `oauth_consumer_key` (an app registered with `imagefeed apps create`), XML or JSON, and errors as
/// HTTP 200 with `stat="fail"`. The methods served are ``methods``.
struct FlickrController: Sendable {
    let store: LibraryStore

    func addRoutes(to flickr: RouteGroup) {
        flickr.get("/services/rest", use: rest)
        flickr.post("/services/rest", use: rest)
    }

    @Sendable func rest(_ request: Request, context: FeedRequestContext) async throws -> Response {
        let signed = try await OAuth1Request.read(request, origin: context.origin, maxBody: context.maxUploadSize)
        let format: FlickrFormat
        switch FlickrFormat.from(signed.values) {
        case .success(let chosen): format = chosen
        case .failure(let failure): return FlickrFormat.xml.response(failure)
        }
        do {
            let call = try await authenticate(signed, context: context)
            return format.response(try await answer(call))
        } catch let failure as FlickrFailure {
            return format.response(failure)
        } catch StoreError.notFound {
            return format.response(.photoNotFound)
        }
    }

    /// Checks the key, and for a signed request its signature (and its token, when it carries one).
    func authenticate(_ request: OAuth1Request, context: FeedRequestContext) async throws -> Call {
        let parameters = request.values
        guard let key = parameters["api_key"] ?? request.consumerKey, !key.isEmpty else {
            throw FlickrFailure.missingKey
        }
        guard let app = try await store.app(accessKey: key) else { throw FlickrFailure.invalidKey }
        var user: UserRecord?
        var perms: String?
        if request.isSigned {
            guard let consumerSecret = app.oauth1Secret else {
                throw FlickrFailure(
                    96, "Invalid signature (this app has no OAuth 1.0a secret: run imagefeed apps oauth1-secret)")
            }
            var tokenSecret = ""
            if let token = request.token {
                guard let found = try await store.oauth1Token(hash: Secrets.hash(token)), found.token.kind == .access,
                    found.token.appID == app.id, let owner = found.user
                else { throw FlickrFailure.invalidToken }
                tokenSecret = found.token.secret
                user = owner
                perms = found.token.perms
            }
            guard request.hasValidSignature(consumerSecret: consumerSecret, tokenSecret: tokenSecret) else {
                throw FlickrFailure.invalidSignature
            }
        } else if request.token != nil {
            throw FlickrFailure.missingSignature
        }
        return Call(
            parameters: parameters, user: user, perms: perms, token: request.token,
            presenter: FlickrPresenter(origin: context.origin, viewerID: user?.id)
        )
    }

    /// Every method served, by name.
    static let methodsByName = Dictionary(uniqueKeysWithValues: methods.map { ($0.name, $0) })

    /// The answer of the method the call names, as a tree both formats are written from.
    func answer(_ call: Call) async throws -> FlickrTree {
        let name = call.parameters["method"] ?? ""
        guard let method = Self.methodsByName[name] else { throw FlickrFailure.methodNotFound(name) }
        if let permission = method.permission { _ = try call.signedIn(permission) }
        return try FlickrEncoder().tree(try await method.answer(self, call))
    }
}
