import FeedLibrary
import FeedStore
import HTTPTypes
import Hummingbird

/// Sets ``FeedRequestContext/firebaseCaller`` from the `Authorization` header: `Bearer <admin token>` is the admin
/// (from loopback unless the settings say otherwise); in Storage groups, `Firebase <ID token>` or `Bearer <ID
/// token>` is that token's person. A credential that is neither is refused, never taken as anonymous.
struct FirebaseCallerMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// What the group accepts besides the admin token.
    enum Accepts: Sendable {
        /// Only the admin token: Identity Toolkit, where people identify by the ID token in the body.
        case adminOnly
        /// ID tokens too: Storage.
        case idTokens(FirebaseAuthService)
    }

    let gate: FirebaseAdminGate
    let accepts: Accepts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let authorization = request.headers[.authorization] else { return try await next(request, context) }
        let parts = authorization.split(separator: " ", maxSplits: 1).map(String.init)
        let scheme = parts.first?.lowercased() ?? ""
        let credential = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        guard scheme == "bearer" || scheme == "firebase", !credential.isEmpty else {
            throw GoogleRequestError.invalidCredentials
        }
        var context = context
        if gate.admits(token: credential, from: context.remoteAddress) {
            context.firebaseCaller = .admin
            return try await next(request, context)
        }
        if gate.admits(token: credential, from: "127.0.0.1") { throw GoogleRequestError.adminFromElsewhere }
        switch accepts {
        case .adminOnly:
            throw GoogleRequestError.invalidCredentials
        case .idTokens(let auth):
            do {
                context.firebaseCaller = .user(try await auth.account(idToken: credential).claims)
            } catch let error as FirebaseAuthError {
                throw FirebaseStorageError.unauthenticated(
                    "Invalid authentication credentials (\(error.code)): sign in again for a new ID token.")
            }
        }
        return try await next(request, context)
    }
}
