import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Works out who is calling: a bearer token (a person through an app, with the token's scopes), a `Client-ID`
/// header or `client_id` parameter (an app), or the web session cookie (a person, first party). An invalid bearer
/// token is refused with Unsplash's 401; an unknown client id is treated as anonymous. Image routes ignore
/// credentials altogether (one iOS client sends its bearer token to the image host).
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext
    let store: LibraryStore
    let publicURL: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard !path.hasPrefix("/img/"), !path.hasPrefix("/avatars/"), path != "/oauth/token" else {
            return try await next(request, context)
        }
        var context = context
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1).map(String.init)
            let scheme = parts.first?.lowercased() ?? ""
            let credential = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            if scheme == "bearer" {
                guard let grant = try await store.token(hash: Secrets.hash(credential)) else {
                    throw APIError.invalidToken
                }
                let scopes = Set(Scope.parse(grant.scope).scopes)
                context.caller = .user(grant.user, scopes: scopes, via: .token(appID: grant.appID))
                return try await next(request, context)
            }
            if scheme == "client-id", let app = try await store.app(accessKey: credential) {
                context.caller = .app(id: app.id)
            }
        } else if let clientID = QueryParameters(request.uri.query)["client_id"], !clientID.isEmpty,
            let app = try await store.app(accessKey: clientID)
        {
            context.caller = .app(id: app.id)
        }

        guard let cookie = request.cookies[SessionCookie.name]?.value, !cookie.isEmpty else {
            return try await next(request, context)
        }
        let idHash = Secrets.hash(cookie)
        guard let session = try await store.session(idHash: idHash) else {
            // An expired or unknown cookie is cleared whatever the route answers, errors included.
            var response: Response
            do {
                response = try await next(request, context)
            } catch let error as APIError {
                response = error.response()
            }
            response.setCookie(SessionCookie.cleared(secure: SessionCookie.isSecure(request, publicURL: publicURL)))
            return response
        }
        context.caller = .user(session.user, scopes: Set(Scope.allCases), via: .session(idHash: idHash))
        var response = try await next(request, context)
        if session.expiresAt.timeIntervalSinceNow < SessionCookie.renewWhenLeft,
            response.headers[.setCookie] == nil
        {
            try await store.extendSession(idHash: idHash, until: Date().addingTimeInterval(SessionCookie.lifetime))
            response.setCookie(SessionCookie.make(value: cookie, secure: SessionCookie.isSecure(request, publicURL: publicURL)))
        }
        return response
    }
}
