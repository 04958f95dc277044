/// An Identity Toolkit or securetoken refusal, by Google's code (`EMAIL_EXISTS`, `WEAK_PASSWORD`), with the detail
/// Google writes after `" : "` and the HTTP status. FeedServer writes it in Google's error format; the SDKs map the
/// code to their own error cases.
public struct FirebaseAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: String
    public var detail: String?
    public var status: Int
    /// Google's canonical status name, which its 401, 403, 404 and 5xx answers carry.
    public var statusName: String?

    public init(_ code: String, detail: String? = nil, status: Int = 400, statusName: String? = nil) {
        self.code = code
        self.detail = detail
        self.status = status
        self.statusName = statusName
    }

    /// The error's `message`: the code, then `" : "` and the detail when there is one.
    public var message: String { detail.map { code + " : " + $0 } ?? code }

    public var description: String { message }

    static let emailExists = FirebaseAuthError("EMAIL_EXISTS")
    static let invalidEmail = FirebaseAuthError("INVALID_EMAIL")
    static let missingEmail = FirebaseAuthError("MISSING_EMAIL")
    static let missingPassword = FirebaseAuthError("MISSING_PASSWORD")
    static let invalidLoginCredentials = FirebaseAuthError("INVALID_LOGIN_CREDENTIALS")
    static let userDisabled = FirebaseAuthError("USER_DISABLED")
    static let userNotFound = FirebaseAuthError("USER_NOT_FOUND")
    static let missingIDToken = FirebaseAuthError("MISSING_ID_TOKEN")
    static let invalidIDToken = FirebaseAuthError("INVALID_ID_TOKEN")
    static let tokenExpired = FirebaseAuthError("TOKEN_EXPIRED")
    static let missingLocalID = FirebaseAuthError("MISSING_LOCAL_ID")
    static let missingGrantType = FirebaseAuthError("MISSING_GRANT_TYPE")
    static let invalidGrantType = FirebaseAuthError("INVALID_GRANT_TYPE")
    static let missingRefreshToken = FirebaseAuthError("MISSING_REFRESH_TOKEN")
    static let invalidRefreshToken = FirebaseAuthError("INVALID_REFRESH_TOKEN")
    static let missingOOBCode = FirebaseAuthError("MISSING_OOB_CODE")
    static let invalidOOBCode = FirebaseAuthError("INVALID_OOB_CODE")
    static let missingRequestType = FirebaseAuthError("MISSING_REQ_TYPE")
    static let insufficientPermission = FirebaseAuthError("INSUFFICIENT_PERMISSION")
    static let operationNotAllowed = FirebaseAuthError("OPERATION_NOT_ALLOWED")

    static func weakPassword(_ rule: String) -> FirebaseAuthError { FirebaseAuthError("WEAK_PASSWORD", detail: rule) }

    static func tooManyAttempts(retryAfter seconds: Int) -> FirebaseAuthError {
        FirebaseAuthError(
            "TOO_MANY_ATTEMPTS_TRY_LATER",
            detail: "Access to this account has been temporarily disabled due to many failed login attempts. "
                + "Try again in \(seconds) seconds.")
    }
}
