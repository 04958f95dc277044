import FeedModels
import Firebase
import Foundation

/// The Realtime Database's ID tokens are Firebase Authentication's: signed by this server's keys for its project,
/// not expired, their account still there and enabled, and not signed out since they were issued. So a person signed
/// in with `accounts:signInWithPassword` (or any SDK) reads and writes with `auth=<idToken>` under rules that name
/// `auth.uid`, as against Firebase.
public struct FirebaseIDTokenVerifier: DatabaseTokenVerifier {
    public let auth: FirebaseAuthService

    public init(auth: FirebaseAuthService) {
        self.auth = auth
    }

    /// The rules' `auth` of `token`: `uid` the account's id, `provider` its sign-in provider, `token` its claims
    /// (custom claims included, at the top level as Firebase has them).
    public func verify(idToken token: String) async throws -> VerifiedIDToken {
        let claims: IDTokenClaims
        do {
            claims = try await auth.tokens.verify(token)
        } catch .expired {
            throw DatabaseTokenError.expired
        } catch {
            throw DatabaseTokenError.invalid
        }
        do {
            let account = try await auth.existingAccount(id: claims.sub)
            guard claims.iat >= account.state.tokensValidSince else { throw DatabaseTokenError.revoked }
        } catch let error as FirebaseAuthError where error == .userNotFound || error == .userDisabled {
            throw DatabaseTokenError.revoked
        }
        guard let object = try? JSONValue.parse(Array(JSONEncoder().encode(claims))).objectValue,
            let identity = RulesAuth(claims: object)
        else { throw DatabaseTokenError.invalid }
        return VerifiedIDToken(token: token, auth: identity, expiresAt: claims.exp * 1000)
    }
}
