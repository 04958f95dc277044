import FeedModels
import FeedStore
import Foundation

extension FirebaseAuthService {
    /// `accounts:lookup`: a person's own account by ID token; the admin's, any accounts by id or email.
    public func lookup(_ request: LookupRequest, admin: Bool) async throws -> LookupResponse {
        guard admin else {
            return LookupResponse(users: [Self.info(try await account(idToken: request.idToken).account)])
        }
        var found: [FirebaseAccount] = []
        var seen: Set<String> = []
        func add(_ account: FirebaseAccount?) {
            if let account, seen.insert(account.user.id).inserted { found.append(account) }
        }
        if let idToken = request.idToken { add(try await account(idToken: idToken).account) }
        for id in request.localId ?? [] { add(try await store.firebaseAccount(userID: id)) }
        for email in request.email ?? [] { add(try await store.firebaseAccount(email: email)) }
        return LookupResponse(users: found.map(Self.info))
    }

    /// `accounts:batchGet` (admin): every account, a page at a time, by id.
    public func batchGet(maxResults: Int?, pageToken: String?) async throws -> BatchGetResponse {
        let limit = maxResults ?? 20
        guard (1...1000).contains(limit) else {
            throw FirebaseAuthError("INVALID_PAGE_SELECTION", detail: "maxResults must be between 1 and 1000.")
        }
        let accounts = try await store.firebaseAccounts(after: pageToken, limit: limit + 1)
        let page = accounts.prefix(limit)
        return BatchGetResponse(
            users: page.map(Self.info), nextPageToken: accounts.count > limit ? page.last?.user.id : nil)
    }

    /// `accounts:update`: the person's own profile and credentials (by ID token), or any account's (admin, by
    /// `localId`), or what an action link's code does (`oobCode`). Names, email and password are the library
    /// account's own; a new email or password ends the account's other tokens and answers with new ones.
    public func update(_ request: UpdateAccountRequest, admin: Bool) async throws -> UpdateAccountResponse {
        if let code = request.oobCode { return try await apply(code: code) }
        let account: FirebaseAccount
        if admin, request.idToken == nil {
            guard let id = request.localId, !id.isEmpty else { throw FirebaseAuthError.missingLocalID }
            guard let found = try await store.firebaseAccount(userID: id) else { throw FirebaseAuthError.userNotFound }
            account = found
        } else {
            guard request.idToken != nil else {
                throw FirebaseAuthError("INVALID_REQ_TYPE", detail: "Unsupported request parameters.")
            }
            account = try await self.account(idToken: request.idToken).account
            if !admin, request.customAttributes != nil { throw FirebaseAuthError.insufficientPermission }
            if !admin, request.disableUser != nil { throw FirebaseAuthError.operationNotAllowed }
        }
        if request.phoneNumber != nil {
            throw FirebaseAuthError("OPERATION_NOT_ALLOWED", detail: "Phone numbers are not served.")
        }
        let userID = account.user.id
        var profile = ProfileChanges()
        var state = FirebaseAccountChanges()
        if let displayName = request.displayName {
            let names = try FirebaseAccountRules.checkDisplayName(displayName)
            profile.firstName = names.first
            profile.lastName = names.last
        }
        if let url = request.photoUrl { state.photoURL = try FirebaseAccountRules.checkPhotoURL(url) }
        for attribute in request.deleteAttribute ?? [] {
            switch attribute {
            case "DISPLAY_NAME":
                profile.firstName = ""
                profile.lastName = ""
            case "PHOTO_URL": state.photoURL = ""
            case "USER_ATTRIBUTE_NAME_UNSPECIFIED": continue
            case "EMAIL", "PASSWORD", "PROVIDER", "RAW_USER_INFO":
                throw FirebaseAuthError("OPERATION_NOT_ALLOWED", detail: "Deleting \(attribute) is not served.")
            default:
                throw FirebaseAuthError(
                    "Invalid value at 'delete_attribute' (type.googleapis.com/google.cloud.identitytoolkit.v1."
                        + "SetAccountInfoRequest.UserAttributeName), \"\(attribute)\"")
            }
        }
        if let providers = request.deleteProvider, providers.contains("password") {
            throw FirebaseAuthError("OPERATION_NOT_ALLOWED", detail: "Deleting the password provider is not served.")
        }
        var emailChanged = false
        if let email = request.email {
            let email = try FirebaseAccountRules.checkEmail(email)
            if email != account.user.email?.lowercased() {
                if try await store.firebaseAccount(email: email) != nil { throw FirebaseAuthError.emailExists }
                profile.email = email
                state.emailVerified = false
                emailChanged = true
            }
        }
        let password = try request.password.map { try FirebaseAccountRules.checkPassword($0) }
        if admin {
            if let verified = request.emailVerified { state.emailVerified = verified }
            if let disabled = request.disableUser { state.disabled = disabled }
            if let claims = request.customAttributes { state.customClaims = try Self.checkClaims(claims) }
        }
        if profile != ProfileChanges() {
            do {
                _ = try await store.updateProfile(userID: userID, profile)
            } catch StoreError.conflict("email") {
                throw FirebaseAuthError.emailExists
            }
        }
        try await store.changeFirebaseAccount(userID: userID, state)
        if let password { try await store.setPasswordHash(try await hasher.hash(password), userID: userID, at: now()) }
        if emailChanged, password == nil { try await store.revokeFirebaseTokens(userID: userID, at: now()) }
        if admin, let validSince = request.validSince {
            try await store.revokeFirebaseTokens(userID: userID, validSince: validSince.value)
        }
        if state.disabled == true { try await store.signOutEverywhere(userID: userID, at: now()) }
        guard let updated = try await store.firebaseAccount(userID: userID) else {
            throw FirebaseAuthError.userNotFound
        }
        // A person whose credentials changed gets new tokens; the admin changes them for someone else.
        let tokens = !admin && (password != nil || emailChanged) ? try await issueTokens(for: updated) : nil
        return UpdateAccountResponse(account: Self.info(updated), tokens: tokens)
    }

    /// Custom claims as firebase-admin sends them: the text of a JSON object of at most 1,000 characters that does
    /// not use the token's own claim names.
    public static func checkClaims(_ text: String) throws(FirebaseAuthError) -> String {
        guard text.count <= 1000 else { throw FirebaseAuthError("CLAIMS_TOO_LARGE") }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw FirebaseAuthError("INVALID_CLAIMS")
        }
        if let reserved = object.keys.sorted().first(where: IDTokenClaims.reservedNames.contains) {
            throw FirebaseAuthError("FORBIDDEN_CLAIM", detail: reserved)
        }
        return object.isEmpty ? "" : text
    }

    /// `accounts:delete`: the person's own account (by ID token), or any (admin, by `localId`), removed as
    /// `imagefeed users delete` removes it: photos, albums, likes and files.
    public func delete(_ request: DeleteAccountRequest, admin: Bool) async throws -> DeleteAccountResponse {
        let id: String
        if admin, request.idToken == nil {
            guard let localId = request.localId, !localId.isEmpty else { throw FirebaseAuthError.missingLocalID }
            guard try await store.user(id: localId) != nil else { throw FirebaseAuthError.userNotFound }
            id = localId
        } else {
            id = try await account(idToken: request.idToken).account.user.id
        }
        try await removeAccount(id: id)
        return DeleteAccountResponse()
    }

    /// `accounts:batchDelete` (admin): accounts by id; unless `force`, only disabled ones. Ids of no account are
    /// fine (already gone).
    public func batchDelete(_ request: BatchDeleteRequest) async throws -> BatchDeleteResponse {
        let ids = request.localIds ?? []
        guard ids.count <= 1000 else {
            throw FirebaseAuthError("TOO_MANY_USERS", detail: "At most 1000 accounts can be deleted at once.")
        }
        var failures: [BatchDeleteResponse.Failure] = []
        for (index, id) in ids.enumerated() {
            guard let account = try await store.firebaseAccount(userID: id) else { continue }
            if request.force != true, !account.state.disabled {
                failures.append(
                    .init(
                        index: index, localId: id, message: "NOT DISABLED : Disable the account before batch deletion.")
                )
                continue
            }
            try await removeAccount(id: id)
        }
        return BatchDeleteResponse(errors: failures)
    }

    public func removeAccount(id: String) async throws {
        await removeFiles(try await store.deleteUser(id: id))
    }
}
