import FeedModels
import FeedStore
import Foundation
import Logging

/// Firebase Authentication over the library's own accounts: a Firebase sign-up is an ImageFeed account, the web
/// sign-in and Firebase's take the same password under the same rules and throttling, and a Firebase profile change
/// is a change of the same profile `PUT /me` changes.
///
/// Every operation takes the request as Identity Toolkit defines it and answers as it does, or throws a
/// ``FirebaseAuthError`` with Google's code. Nothing here knows HTTP.
public struct FirebaseAuthService: Sendable {
    public let store: LibraryStore
    public let hasher: PasswordHasher
    public let throttle: LoginThrottle
    public let tokens: IDTokenSigner
    public let settings: FirebaseSettings
    /// Removes the files an account deletion left without an owner.
    public let removeFiles: @Sendable (OrphanedFiles) async -> Void
    public let logger: Logger
    public let now: @Sendable () -> Date

    public init(
        store: LibraryStore, hasher: PasswordHasher, throttle: LoginThrottle, tokens: IDTokenSigner,
        settings: FirebaseSettings, removeFiles: @escaping @Sendable (OrphanedFiles) async -> Void, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.hasher = hasher
        self.throttle = throttle
        self.tokens = tokens
        self.settings = settings
        self.removeFiles = removeFiles
        self.logger = logger
        self.now = now
    }

    /// The sign-in provider of email and password.
    public static let passwordProvider = "password"

    // MARK: reading accounts and tokens

    /// The account an ID token names, once the token is checked: signed here, for this project, not expired, its
    /// account still there and enabled, and not signed out since the token was issued.
    public func account(idToken: String?) async throws -> (account: FirebaseAccount, claims: IDTokenClaims) {
        guard let idToken, !idToken.isEmpty else { throw FirebaseAuthError.missingIDToken }
        let claims: IDTokenClaims
        do {
            claims = try await tokens.verify(idToken)
        } catch .expired {
            throw FirebaseAuthError.tokenExpired
        } catch {
            throw FirebaseAuthError.invalidIDToken
        }
        let account = try await existingAccount(id: claims.sub)
        guard claims.iat >= account.state.tokensValidSince else { throw FirebaseAuthError.tokenExpired }
        return (account, claims)
    }

    /// The caller an `Authorization: Bearer|Firebase <token>` value names, for Storage: the admin, or the person
    /// of a valid ID token. A token that is not valid is refused, not taken as anonymous.
    public func caller(bearer token: String, address: String?) async throws -> FirebaseCaller {
        if FirebaseAdminGate(settings: settings).admits(token: token, from: address) { return .admin }
        return .user(try await account(idToken: token).claims)
    }

    public func existingAccount(id: String) async throws -> FirebaseAccount {
        guard let account = try await store.firebaseAccount(userID: id) else { throw FirebaseAuthError.userNotFound }
        guard !account.state.disabled else { throw FirebaseAuthError.userDisabled }
        return account
    }

    /// A new ID token and refresh token for a person who just signed in (or up, or changed their credentials). The
    /// refresh token is recorded with the sign-in unless `recorded` says the caller already stored it.
    public func issueTokens(for account: FirebaseAccount, refreshToken: String? = nil) async throws -> IssuedTokens {
        let date = now()
        let token = refreshToken ?? RefreshTokens.make(userID: account.user.id)
        if refreshToken == nil {
            try await store.recordFirebaseSignIn(
                userID: account.user.id, refreshTokenHash: Secrets.hash(token), provider: Self.passwordProvider,
                at: date)
        }
        return IssuedTokens(
            idToken: try await idToken(for: account, authTime: date.storedSecondsSince1970), refreshToken: token,
            expiresIn: Int(settings.idTokenLifetime))
    }

    /// A signed ID token for `account`, signed in at `authTime`. Its `iat` is never before the account's
    /// `tokensValidSince`, so a token issued in the second of a sign-out, after it, is valid.
    public func idToken(for account: FirebaseAccount, authTime: Int64) async throws -> String {
        let issuedAt = max(now().storedSecondsSince1970, account.state.tokensValidSince)
        return try await tokens.sign(
            IDTokenClaims(
                projectID: settings.projectID, userID: account.user.id, issuedAt: issuedAt,
                lifetime: settings.idTokenLifetime, authTime: authTime, email: account.user.email,
                emailVerified: account.state.emailVerified, name: FirebaseAccountRules.displayName(of: account.user),
                picture: account.state.photoURL, signInProvider: Self.passwordProvider,
                customClaims: account.state.customClaims))
    }

    /// An account as `accounts:lookup` describes it.
    public static func info(_ account: FirebaseAccount) -> AccountInfo {
        let state = account.state
        return AccountInfo(
            localId: account.user.id, email: account.user.email, emailVerified: state.emailVerified,
            displayName: FirebaseAccountRules.displayName(of: account.user), photoUrl: state.photoURL,
            hasPassword: account.passwordHash != nil, passwordUpdatedAt: state.passwordUpdatedAt.map(Double.init),
            validSince: state.tokensValidSince > 0 ? String(state.tokensValidSince) : nil, disabled: state.disabled,
            lastLoginAt: state.lastLoginAt.map(String.init),
            createdAt: String(Int64(account.user.createdAt.timeIntervalSince1970) * 1000),
            lastRefreshAt: state.lastRefreshAt.map { Self.rfc3339(milliseconds: $0) },
            customAttributes: state.customClaims)
    }

    /// Milliseconds since 1970 as RFC 3339 with milliseconds, as Google writes timestamps.
    public static func rfc3339(milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
