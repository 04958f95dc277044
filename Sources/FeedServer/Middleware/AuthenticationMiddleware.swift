import FeedLibrary
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// Works out who is calling and sets ``FeedRequestContext/caller``.
///
/// In the API group: a bearer token (a person through an app, with the token's scopes), a `Client-ID` header or
/// `client_id` parameter (an app), or the web session cookie (a person, first party). An invalid bearer token or an
/// unknown client id is refused with Unsplash's 401, as is a request with no credential at all when keys are
/// required. In the page group only the session cookie counts. An expired or unknown session cookie is cleared on
/// the answer, whatever the route answers.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// Which credentials a group accepts.
    enum Credentials: Sendable {
        /// Bearer tokens, client ids and the session cookie; what is found is remembered in the directory (for
        /// rate-limit keys). With `requireKey`, a request must carry one of them.
        case api(CredentialDirectory, requireKey: Bool)
        /// The session cookie only.
        case session
    }

    let store: LibraryStore
    let credentials: Credentials

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        var requireKey = false
        if case .api(let directory, let required) = credentials {
            requireKey = required
            var accessKey: String?
            if let authorization = request.headers[.authorization] {
                let parts = authorization.split(separator: " ", maxSplits: 1).map(String.init)
                let scheme = parts.first?.lowercased() ?? ""
                let credential = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                if scheme == "bearer" {
                    let hash = Secrets.hash(credential)
                    let grant = try await store.token(hash: hash)
                    directory.remember("token:" + hash, exists: grant != nil)
                    guard let grant else { throw APIError.invalidToken }
                    let scopes = Set(Scope.parse(grant.scope).scopes)
                    context.caller = .user(grant.user, scopes: scopes, via: .token(appID: grant.appID))
                    return try await next(request, context)
                }
                if scheme == "client-id" { accessKey = credential }
            } else if let clientID = QueryParameters(request.uri.query)["client_id"], !clientID.isEmpty {
                accessKey = clientID
            }
            if let accessKey {
                // Unsplash refuses a key it does not know, rather than serving the caller as anonymous.
                let app = try await store.app(accessKey: accessKey)
                directory.remember("client-id:" + accessKey, exists: app != nil)
                guard let app else { throw APIError.invalidToken }
                context.caller = .app(id: app.id)
                requireKey = false
            }
        }

        guard let cookie = request.cookies[SessionCookie.name]?.value, !cookie.isEmpty else {
            if requireKey { throw APIError.invalidToken }
            return try await next(request, context)
        }
        let idHash = Secrets.hash(cookie)
        guard let session = try await store.session(idHash: idHash) else {
            var response: Response
            do {
                if requireKey { throw APIError.invalidToken }
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
