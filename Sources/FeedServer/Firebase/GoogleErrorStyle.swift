import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// The three error formats of the Firebase surfaces, and the one place where errors become them.
enum GoogleErrorStyle: Sendable {
    /// Identity Toolkit and securetoken: `{"error": {"code", "message": "EMAIL_EXISTS", "errors": […]}}`.
    case identityToolkit
    /// Firebase Storage's `/v0`: `{"error": {"code", "message"}}`.
    case firebaseStorage
    /// GCS's JSON API: `{"error": {"code", "message", "errors": [{"message", "domain", "reason"}]}}`.
    case cloudStorage

    /// `error` as this API answers it. Errors nobody anticipated are a 500 that says nothing of the server
    /// (``isInternal(_:)`` tells the caller to log them).
    func answer(for error: any Error) -> Response {
        let (status, body): (HTTPResponse.Status, GoogleError) =
            switch error {
            case let error as FirebaseAuthError: (HTTPResponse.Status(code: error.status), Self.body(error))
            case let error as FirebaseStorageError: describe(error)
            case let error as GoogleRequestError: describe(error)
            case let error as BrokenBody:
                google(.badRequest, "The request body ended after \(error.received) of its \(error.declared) bytes.")
            case let error as StoreError: describe(error)
            case let error as HTTPError: describe(http: error)
            case let error as APIError where !error.isInternal:
                google(error.status, error.messages.joined(separator: " "))
            default: (.internalServerError, Self.internalError)
            }
        var headers: HTTPFields = [.contentType: "application/json; charset=UTF-8"]
        // A 405's `Allow`, a 429's `Retry-After`: what the server's own answers carry.
        if let error = error as? APIError { headers.append(contentsOf: error.headers) }
        if case .firebaseStorage = self {
            let plain = FirebaseStorageErrorBody(code: body.code, message: body.message)
            return Response(status: status, headers: headers, body: .init(byteBuffer: FeedJSONEncoder.body(plain)))
        }
        if let error = error as? FirebaseAuthError, error.code == "TOO_MANY_ATTEMPTS_TRY_LATER",
            let seconds = error.detail?.split(separator: " ").dropLast().last.flatMap({ Int($0) })
        {
            headers[.retryAfter] = String(seconds)
        }
        return Response(
            status: status, headers: headers,
            body: .init(byteBuffer: FeedJSONEncoder.body(GoogleErrorBody(error: body))))
    }

    /// Whether `error` is one nobody anticipated.
    static func isInternal(_ error: any Error) -> Bool {
        switch error {
        case is FirebaseAuthError, is FirebaseStorageError, is GoogleRequestError, is HTTPError, is BrokenBody: false
        case let error as APIError: error.isInternal
        case let error as StoreError: if case .badConfiguration = error { true } else { false }
        default: true
        }
    }

    static let internalError = GoogleError(
        code: 500, message: "Internal error encountered.",
        errors: [.init(message: "Internal error encountered.", reason: "backendError")], status: "INTERNAL")

    static func body(_ error: FirebaseAuthError) -> GoogleError {
        GoogleError(
            code: error.status, message: error.message,
            errors: [
                .init(message: error.message, reason: error.status == 400 ? "invalid" : Self.reason(error.status))
            ],
            status: error.statusName)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 401: "required"
        case 403: "forbidden"
        case 404: "notFound"
        case 409: "conflict"
        case 413: "uploadTooLarge"
        case 429: "rateLimitExceeded"
        default: status >= 500 ? "backendError" : "invalid"
        }
    }

    static func statusName(_ status: Int) -> String {
        switch status {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 409: "ABORTED"
        case 413: "OUT_OF_RANGE"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION"
        }
    }

    func google(_ status: HTTPResponse.Status, _ message: String, reason: String? = nil) -> (
        HTTPResponse.Status, GoogleError
    ) {
        let reason = reason ?? Self.reason(status.code)
        switch self {
        case .identityToolkit:
            return (
                status,
                GoogleError(
                    code: status.code, message: message, errors: [.init(message: message, reason: reason)],
                    status: Self.statusName(status.code))
            )
        case .cloudStorage, .firebaseStorage:
            return (
                status,
                GoogleError(code: status.code, message: message, errors: [.init(message: message, reason: reason)])
            )
        }
    }

    func describe(_ error: FirebaseStorageError) -> (HTTPResponse.Status, GoogleError) {
        let message = error.description
        switch error {
        case .bucketNotFound: return google(.notFound, message)
        case .objectNotFound:
            return google(.notFound, self == .firebaseStorage ? "Not Found." : message)
        case .permissionDenied: return google(.forbidden, message)
        case .unauthenticated: return google(.unauthorized, message)
        case .adminRequired: return google(.unauthorized, message, reason: "required")
        case .invalidArgument, .checksumMismatch: return google(.badRequest, message)
        case .tooLarge: return google(.contentTooLarge, message)
        case .offsetMismatch: return google(.badRequest, message, reason: "invalid")
        case .uploadNotActive: return google(.notFound, message)
        }
    }

    func describe(_ error: GoogleRequestError) -> (HTTPResponse.Status, GoogleError) {
        switch error {
        case .invalidJSON(let detail):
            return google(.badRequest, "Invalid JSON payload received. " + detail, reason: "parseError")
        case .invalidValue(let field, let type):
            return google(.badRequest, "Invalid JSON payload received. Invalid value at '\(field)' (\(type))")
        case .bodyTooLarge(let limit):
            return google(.contentTooLarge, "The request body is larger than \(limit) bytes.")
        case .missingAPIKey:
            return (
                .forbidden,
                GoogleError(
                    code: 403,
                    message: "Method doesn't allow unregistered callers (callers without established identity). "
                        + "Please use API Key or other form of API consumer identity to call this API.",
                    errors: [
                        .init(
                            message:
                                "Method doesn't allow unregistered callers (callers without established identity). "
                                + "Please use API Key or other form of API consumer identity to call this API.",
                            reason: "forbidden")
                    ],
                    status: "PERMISSION_DENIED")
            )
        case .invalidAPIKey(let service):
            let message = "API key not valid. Please pass a valid API key."
            return (
                .badRequest,
                GoogleError(
                    // `keyInvalid` is the reason the iOS SDK maps to its invalid-API-key error; the JS SDK maps the message.
                    code: 400, message: message,
                    errors: [.init(message: message, reason: "keyInvalid", domain: "usageLimits")],
                    status: "INVALID_ARGUMENT",
                    details: [
                        .init(reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: ["service": service])
                    ])
            )
        case .invalidCredentials:
            let message =
                "Request had invalid authentication credentials. Expected OAuth 2 access token, login "
                + "cookie or other valid authentication credential."
            return (
                .unauthorized,
                GoogleError(
                    code: 401, message: message,
                    errors: [
                        .init(
                            message: "Invalid Credentials", reason: "authError", location: "Authorization",
                            locationType: "header")
                    ],
                    status: "UNAUTHENTICATED")
            )
        case .adminFromElsewhere:
            return google(
                .forbidden,
                "The admin token is accepted from this machine only; start the server with --firebase-admin-anywhere "
                    + "to accept it from other machines.")
        case .adminRequired:
            return google(.unauthorized, FirebaseStorageError.adminRequired.description, reason: "required")
        case .wrongProject(let project):
            return google(.badRequest, "INVALID_PROJECT_ID : This server serves the project \(project).")
        case .rateLimited:
            return google(.tooManyRequests, "Quota exceeded: too many requests from this address. Try again later.")
        }
    }

    func describe(_ error: StoreError) -> (HTTPResponse.Status, GoogleError) {
        switch error {
        case .unavailable: google(.serviceUnavailable, "The service is currently unavailable.")
        case .notFound: google(.notFound, "Not Found.")
        case .conflict(let field): google(.conflict, "\(field) is already taken.")
        case .notOwner: google(.forbidden, "Permission denied.")
        case .badConfiguration: (.internalServerError, Self.internalError)
        case .diskFull: google(APIError.diskFull.status, "The server's disk is full. Try again later.")
        }
    }

    func describe(http error: HTTPError) -> (HTTPResponse.Status, GoogleError) {
        let message: String =
            switch error.status {
            case .contentTooLarge: "The request body is too large."
            case .notFound: "Not Found."
            default: error.body.flatMap { $0.isEmpty ? nil : $0 } ?? error.status.reasonPhrase
            }
        return google(error.status, message)
    }
}
