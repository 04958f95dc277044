import FeedModels
import FeedStore
import Foundation

extension FirebaseAuthService {
    /// `accounts:signUp`: a new library account. From a person, with email and password (anonymous accounts are
    /// not served), answered with their first tokens; from the admin, with any of the privileged fields and no
    /// tokens.
    public func signUp(_ request: SignUpRequest, admin: Bool) async throws -> SignUpResponse {
        if !admin, request.localId != nil { throw FirebaseAuthError("UNEXPECTED_PARAMETER", detail: "User ID") }
        if !admin, request.email == nil, request.password == nil {
            // An empty sign-up is an anonymous account in Firebase: not served here.
            throw FirebaseAuthError.operationNotAllowed
        }
        let email: String? = admin && request.email == nil ? nil : try FirebaseAccountRules.checkEmail(request.email)
        let password: String? =
            admin && request.password == nil
            ? nil : try FirebaseAccountRules.checkPassword(request.password)
        let names = try FirebaseAccountRules.checkDisplayName(request.displayName ?? "")
        if let localId = request.localId {
            guard (1...128).contains(localId.count),
                localId.unicodeScalars.allSatisfy({
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0))
                })
            else {
                throw FirebaseAuthError("INVALID_LOCAL_ID", detail: "User IDs are 1 to 128 letters, digits, - or _.")
            }
            if try await store.user(id: localId) != nil { throw FirebaseAuthError("DUPLICATE_LOCAL_ID") }
        }
        if let email, try await store.firebaseAccount(email: email) != nil { throw FirebaseAuthError.emailExists }
        var state = FirebaseAccountChanges()
        if admin {
            state.emailVerified = request.emailVerified
            state.disabled = request.disabled
            if let url = request.photoUrl { state.photoURL = try FirebaseAccountRules.checkPhotoURL(url) }
        }
        let passwordHash: String? = if let password { try await hasher.hash(password) } else { nil }
        let id = request.localId ?? Identifier.make()
        let refreshToken = admin ? nil : RefreshTokens.make(userID: id)
        var attempt = 0
        while true {
            let account = NewFirebaseAccount(
                id: id, username: FirebaseAccountRules.username(forEmail: email, attempt: attempt),
                firstName: names.first, lastName: names.last.isEmpty ? nil : names.last, email: email,
                passwordHash: passwordHash)
            do {
                let user = try await store.createFirebaseAccount(
                    account, state: state, refreshTokenHash: refreshToken.map(Secrets.hash),
                    provider: Self.passwordProvider, at: now())
                return try await signedUp(user, refreshToken: refreshToken)
            } catch StoreError.conflict("username") where attempt < 20 {
                attempt += 1
            } catch StoreError.conflict("email") {
                throw FirebaseAuthError.emailExists
            } catch StoreError.conflict("id") {
                throw FirebaseAuthError("DUPLICATE_LOCAL_ID")
            }
        }
    }

    private func signedUp(_ user: UserRecord, refreshToken: String?) async throws -> SignUpResponse {
        guard let account = try await store.firebaseAccount(userID: user.id) else {
            throw FirebaseAuthError.userNotFound
        }
        var tokens: IssuedTokens?
        if let refreshToken {
            tokens = try await issueTokens(for: account, refreshToken: refreshToken)
        }
        return SignUpResponse(
            localId: user.id, email: user.email, displayName: FirebaseAccountRules.displayName(of: user), tokens: tokens
        )
    }

    /// `accounts:signInWithPassword`: the web sign-in's check, throttling and lockout, answered with tokens.
    /// Wrong passwords and unknown emails are the same `INVALID_LOGIN_CREDENTIALS`, as with Google's email
    /// enumeration protection (and the web sign-in's one message).
    public func signIn(_ request: SignInWithPasswordRequest, address: String?) async throws
        -> SignInWithPasswordResponse
    {
        let email = try FirebaseAccountRules.checkEmail(request.email)
        guard let password = request.password, !password.isEmpty else { throw FirebaseAuthError.missingPassword }
        let found = try await store.firebaseAccount(email: email)
        // Failures count per account, as the web sign-in counts them, so the two doors share one budget.
        let accountKey = found.map { "id:" + $0.user.id } ?? email
        if let wait = try await throttle.retryAfter(account: accountKey, address: address, store: store) {
            throw FirebaseAuthError.tooManyAttempts(retryAfter: wait)
        }
        guard let found, let hash = found.passwordHash, !hash.isEmpty, try await hasher.verify(password, hash: hash)
        else {
            try await throttle.fail(account: accountKey, address: address, store: store)
            throw FirebaseAuthError.invalidLoginCredentials
        }
        try await throttle.succeed(account: accountKey, address: address, store: store)
        guard !found.state.disabled else { throw FirebaseAuthError.userDisabled }
        let tokens = try await issueTokens(for: found)
        return SignInWithPasswordResponse(
            localId: found.user.id, email: found.user.email ?? email,
            displayName: FirebaseAccountRules.displayName(of: found.user) ?? "", profilePicture: found.state.photoURL,
            tokens: tokens)
    }

    /// securetoken `v1/token`: a new ID token for a live refresh token. The refresh token itself stays the same,
    /// as Google's does, until it is revoked.
    public func refresh(_ request: SecureTokenRequest) async throws -> SecureTokenResponse {
        guard let grantType = request.grantType, !grantType.isEmpty else { throw FirebaseAuthError.missingGrantType }
        guard grantType == "refresh_token" else { throw FirebaseAuthError.invalidGrantType }
        guard let refreshToken = request.refreshToken, !refreshToken.isEmpty else {
            throw FirebaseAuthError.missingRefreshToken
        }
        guard let token = try await store.useFirebaseRefreshToken(hash: Secrets.hash(refreshToken), at: now()) else {
            guard let userID = RefreshTokens.userID(of: refreshToken) else {
                throw FirebaseAuthError.invalidRefreshToken
            }
            // A token of an account that is gone or disabled, or one revoked (a sign-out, a password change), as
            // Google tells them.
            guard let account = try await store.firebaseAccount(userID: userID) else {
                throw FirebaseAuthError.userNotFound
            }
            throw account.state.disabled ? FirebaseAuthError.userDisabled : FirebaseAuthError.tokenExpired
        }
        let account = try await existingAccount(id: token.userID)
        let tokens = IssuedTokens(
            idToken: try await idToken(for: account, authTime: token.authTime), refreshToken: refreshToken,
            expiresIn: Int(settings.idTokenLifetime))
        return SecureTokenResponse(tokens: tokens, userID: account.user.id, projectID: settings.projectID)
    }
}
