import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Works out who is calling and sets ``FeedRequestContext/caller``.
///
/// In the API group: a bearer token (a person through an app, with the token's scopes), a `Client-ID` header or
/// `client_id` parameter (an app), or the web session cookie (a person, first party). An invalid bearer token is
/// refused with Unsplash's 401; an unknown client id is treated as anonymous. In the page group only the session
/// cookie counts. An expired or unknown session cookie is cleared on the answer, whatever the route answers.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// Which credentials a group accepts.
    enum Credentials: Sendable {
        /// Bearer tokens, client ids and the session cookie.
        case api
        /// The session cookie only.
        case session
    }

    let store: LibraryStore
    let credentials: Credentials

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if credentials == .api {
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
        }

        guard let cookie = request.cookies[SessionCookie.name]?.value, !cookie.isEmpty else {
            return try await next(request, context)
        }
        let idHash = Secrets.hash(cookie)
        guard let session = try await store.session(idHash: idHash) else {
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                response = APIError(error).response()
            }
            response.setCookie(SessionCookie.cleared(secure: context.isSecure))
            return response
        }
        context.caller = .user(session.user, scopes: Set(Scope.allCases), via: .session(idHash: idHash))
        var response = try await next(request, context)
        if session.expiresAt.timeIntervalSinceNow < SessionCookie.renewWhenLeft, response.headers[.setCookie] == nil {
            try await store.extendSession(idHash: idHash, until: Date().addingTimeInterval(SessionCookie.lifetime))
            response.setCookie(SessionCookie.make(value: cookie, secure: context.isSecure))
        }
        return response
    }
}
