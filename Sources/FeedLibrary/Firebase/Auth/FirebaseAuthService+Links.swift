import FeedModels
import FeedStore
import Foundation

extension FirebaseAuthService {
    /// What an emailed action link is for, as Identity Toolkit names it, with the `mode` of its link.
    public enum LinkKind: String {
        case passwordReset = "PASSWORD_RESET"
        case verifyEmail = "VERIFY_EMAIL"
        case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"

        public var mode: String {
            switch self {
            case .passwordReset: "resetPassword"
            case .verifyEmail: "verifyEmail"
            case .verifyAndChangeEmail: "verifyAndChangeEmail"
            }
        }
    }

    /// `accounts:sendOobCode`: makes a password-reset or email-verification link. The server sends no mail: the
    /// link is written to the log (and listed to the admin by the emulator's `oobCodes`), and given back to an
    /// admin who asks with `returnOobLink`. A reset asked for an unknown email answers as a known one would, so
    /// that the answer does not tell who has an account.
    ///
    /// - Parameters:
    ///   - origin: where the link points (the server's public origin).
    ///   - apiKey: the web API key the link carries, as Firebase's links do.
    public func sendLink(_ request: SendOobCodeRequest, admin: Bool, origin: String, apiKey: String?) async throws
        -> SendOobCodeResponse
    {
        guard let type = request.requestType, !type.isEmpty, type != "OOB_REQ_TYPE_UNSPECIFIED" else {
            throw FirebaseAuthError.missingRequestType
        }
        if request.returnOobLink == true, !admin { throw FirebaseAuthError.insufficientPermission }
        guard let kind = LinkKind(rawValue: type) else {
            throw FirebaseAuthError("OPERATION_NOT_ALLOWED", detail: "\(type) links are not served.")
        }
        let account: FirebaseAccount
        var newEmail: String?
        switch kind {
        case .passwordReset:
            let email = try FirebaseAccountRules.checkEmail(request.email)
            guard let found = try await store.firebaseAccount(email: email) else {
                return SendOobCodeResponse(email: email)
            }
            account = found
        case .verifyEmail, .verifyAndChangeEmail:
            if admin, request.idToken == nil {
                let email = try FirebaseAccountRules.checkEmail(request.email)
                guard let found = try await store.firebaseAccount(email: email) else {
                    throw FirebaseAuthError.userNotFound
                }
                account = found
            } else {
                account = try await self.account(idToken: request.idToken).account
            }
            if kind == .verifyAndChangeEmail {
                guard request.newEmail != nil else { throw FirebaseAuthError("MISSING_NEW_EMAIL") }
                let email = try FirebaseAccountRules.checkEmail(request.newEmail)
                if try await store.firebaseAccount(email: email) != nil { throw FirebaseAuthError.emailExists }
                newEmail = email
            }
        }
        guard let email = account.user.email else { throw FirebaseAuthError.missingEmail }
        let code = Secrets.make(bytes: 24)
        var link = URLComponents(string: origin + "/__/auth/action")
        link?.queryItems =
            [
                URLQueryItem(name: "mode", value: kind.mode), URLQueryItem(name: "oobCode", value: code),
                URLQueryItem(name: "lang", value: "en"),
            ] + (apiKey.map { [URLQueryItem(name: "apiKey", value: $0)] } ?? [])
        let url = link?.string ?? origin
        let lifetime = kind == .passwordReset ? settings.resetLinkLifetime : settings.verifyLinkLifetime
        let date = now()
        try await store.addOOBCode(
            FirebaseOOBCode(
                code: code, requestType: kind.rawValue, userID: account.user.id, email: email, newEmail: newEmail,
                link: url, expiresAt: date.addingTimeInterval(lifetime)),
            at: date)
        if request.returnOobLink == true { return SendOobCodeResponse(email: email, oobCode: code, oobLink: url) }
        switch kind {
        case .passwordReset: logger.notice("To reset the password for \(email), follow this link: \(url)")
        case .verifyEmail: logger.notice("To verify the email address \(email), follow this link: \(url)")
        case .verifyAndChangeEmail:
            logger.notice(
                "To verify and change the email address from \(email) to \(newEmail ?? ""), follow this link: \(url)")
        }
        return SendOobCodeResponse(email: email)
    }

    /// `accounts:resetPassword`: with `newPassword`, sets the password of a reset link's account (and signs it out
    /// everywhere); without, tells what the link is for.
    public func resetPassword(_ request: ResetPasswordRequest) async throws -> ResetPasswordResponse {
        guard let code = request.oobCode, !code.isEmpty else { throw FirebaseAuthError.missingOOBCode }
        guard let newPassword = request.newPassword else {
            guard let link = try await store.oobCode(code, now: now()) else { throw FirebaseAuthError.invalidOOBCode }
            return ResetPasswordResponse(email: link.email, requestType: link.requestType, newEmail: link.newEmail)
        }
        let password = try FirebaseAccountRules.checkPassword(newPassword)
        guard let peeked = try await store.oobCode(code, now: now()),
            peeked.requestType == LinkKind.passwordReset.rawValue
        else { throw FirebaseAuthError.invalidOOBCode }
        let hash = try await hasher.hash(password)
        guard let link = try await store.consumeOOBCode(code, now: now()) else {
            throw FirebaseAuthError.invalidOOBCode
        }
        try await store.setPasswordHash(hash, userID: link.userID, at: now())
        // Following the link proves the person reads that mailbox.
        try await store.changeFirebaseAccount(userID: link.userID, FirebaseAccountChanges(emailVerified: true))
        return ResetPasswordResponse(email: link.email, requestType: link.requestType)
    }

    /// `accounts:update` with an `oobCode`: verifies the account's email, or changes it to the new one.
    public func apply(code: String) async throws -> UpdateAccountResponse {
        guard let peeked = try await store.oobCode(code, now: now()),
            peeked.requestType != LinkKind.passwordReset.rawValue
        else { throw FirebaseAuthError.invalidOOBCode }
        if let newEmail = peeked.newEmail, try await store.firebaseAccount(email: newEmail) != nil {
            throw FirebaseAuthError.emailExists
        }
        guard let link = try await store.consumeOOBCode(code, now: now()) else {
            throw FirebaseAuthError.invalidOOBCode
        }
        if let newEmail = link.newEmail {
            do {
                _ = try await store.updateProfile(userID: link.userID, ProfileChanges(email: newEmail))
            } catch StoreError.conflict("email") {
                throw FirebaseAuthError.emailExists
            } catch StoreError.notFound {
                throw FirebaseAuthError.invalidOOBCode
            }
            try await store.revokeFirebaseTokens(userID: link.userID, at: now())
        }
        try await store.changeFirebaseAccount(userID: link.userID, FirebaseAccountChanges(emailVerified: true))
        guard let account = try await store.firebaseAccount(userID: link.userID) else {
            throw FirebaseAuthError.invalidOOBCode
        }
        return UpdateAccountResponse(account: Self.info(account), tokens: nil)
    }

    /// The emulator's `oobCodes` listing (admin): every live link.
    public func links() async throws -> OobCodeList {
        OobCodeList(
            oobCodes: try await store.oobCodes(now: now()).map {
                .init(email: $0.email, oobCode: $0.code, oobLink: $0.link, requestType: $0.requestType)
            })
    }
}
