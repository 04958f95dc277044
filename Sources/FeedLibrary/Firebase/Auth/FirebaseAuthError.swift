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

    public static let emailExists = FirebaseAuthError("EMAIL_EXISTS")
    public static let invalidEmail = FirebaseAuthError("INVALID_EMAIL")
    public static let missingEmail = FirebaseAuthError("MISSING_EMAIL")
    public static let missingPassword = FirebaseAuthError("MISSING_PASSWORD")
    public static let invalidLoginCredentials = FirebaseAuthError("INVALID_LOGIN_CREDENTIALS")
    public static let userDisabled = FirebaseAuthError("USER_DISABLED")
    public static let userNotFound = FirebaseAuthError("USER_NOT_FOUND")
    public static let missingIDToken = FirebaseAuthError("MISSING_ID_TOKEN")
    public static let invalidIDToken = FirebaseAuthError("INVALID_ID_TOKEN")
    public static let tokenExpired = FirebaseAuthError("TOKEN_EXPIRED")
    public static let missingLocalID = FirebaseAuthError("MISSING_LOCAL_ID")
    public static let missingGrantType = FirebaseAuthError("MISSING_GRANT_TYPE")
    public static let invalidGrantType = FirebaseAuthError("INVALID_GRANT_TYPE")
    public static let missingRefreshToken = FirebaseAuthError("MISSING_REFRESH_TOKEN")
    public static let invalidRefreshToken = FirebaseAuthError("INVALID_REFRESH_TOKEN")
    public static let missingOOBCode = FirebaseAuthError("MISSING_OOB_CODE")
    public static let invalidOOBCode = FirebaseAuthError("INVALID_OOB_CODE")
    public static let missingRequestType = FirebaseAuthError("MISSING_REQ_TYPE")
    public static let insufficientPermission = FirebaseAuthError("INSUFFICIENT_PERMISSION")
    public static let operationNotAllowed = FirebaseAuthError("OPERATION_NOT_ALLOWED")

    public static func weakPassword(_ rule: String) -> FirebaseAuthError {
        FirebaseAuthError("WEAK_PASSWORD", detail: rule)
    }

    public static func tooManyAttempts(retryAfter seconds: Int) -> FirebaseAuthError {
        FirebaseAuthError(
            "TOO_MANY_ATTEMPTS_TRY_LATER",
            detail: "Access to this account has been temporarily disabled due to many failed login attempts. "
                + "Try again in \(seconds) seconds.")
    }
}
