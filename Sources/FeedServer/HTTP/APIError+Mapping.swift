import FeedLibrary
import FeedStore
import HTTPTypes
import Hummingbird
import Imaging

/// The one place where errors of the store, of the library, of imaging and of the framework become HTTP answers.
extension APIError {
    /// `error` as the API answers it. Errors nobody anticipated become a 500 that says nothing about the server
    /// (``isInternal`` tells the caller to log the original).
    init(_ error: any Error) {
        switch error {
        case let error as APIError: self = error
        case let error as StoreError: self = Self.answer(for: error)
        case let error as LibraryError: self = Self.answer(for: error)
        case let error as ImagingError: self = Self.answer(for: error)
        case let error as HTTPError: self = APIError(error.status, Self.message(for: error), headers: error.headers)
        case let error as any HTTPResponseError: self = APIError(error.status, error.status.reasonPhrase)
        default: self = .internal
        }
    }

    /// The answer to a failure nobody anticipated.
    static let `internal` = APIError(.internalServerError, "Something went wrong on the server. Please try again.")

    /// Whether this is the answer to a failure nobody anticipated.
    var isInternal: Bool { status == .internalServerError }

    static func answer(for error: StoreError) -> APIError {
        switch error {
        case .notFound(let thing): .notFound(thing)
        case .notOwner(let things): APIError(.forbidden, "You can only change your own \(things).")
        case .conflict(let field):
            switch field {
            case "email": APIError(.conflict, AccountRules.emailTaken)
            case "username": APIError(.conflict, AccountRules.usernameTaken)
            case "title": APIError(.conflict, "You already have an album with this title.")
            case "follow": APIError(.unprocessableContent, "You can't follow yourself.")
            default: APIError(.conflict, "\(field) is already taken.")
            }
        case .unavailable:
            APIError(
                .serviceUnavailable, "The library's database cannot be reached right now. Please try again.",
                headers: [.retryAfter: retryAfterFault])
        case .diskFull: diskFull
        case .badConfiguration: .internal
        }
    }

    static func answer(for error: LibraryError) -> APIError {
        switch error {
        case .busyRendering(let seconds):
            APIError(.serviceUnavailable, error.description, headers: [.retryAfter: String(seconds)])
        case .diskFull: diskFull
        case .storageUnavailable:
            APIError(
                .serviceUnavailable,
                "The library's storage cannot be reached right now; nothing was kept. Please try again.",
                headers: [.retryAfter: retryAfterFault])
        }
    }

    static func answer(for error: ImagingError) -> APIError {
        switch error {
        case .notAnImage:
            APIError(
                .unsupportedMediaType, "The file is not an image ImageFeed can read (JPEG, PNG, WebP, HEIC or AVIF).")
        case .tooLarge: APIError(.contentTooLarge, error.description)
        case .tooManyPixels, .corrupt: APIError(.unprocessableContent, error.description)
        case .invalidParameter: APIError(.badRequest, error.description)
        case .vips: APIError(.unprocessableContent, "The image could not be read: \(error.description)")
        }
    }

    static func message(for error: HTTPError) -> String {
        if let body = error.body, !body.isEmpty { return body }
        switch error.status {
        case .notFound: return "Not found"
        case .contentTooLarge: return "The request body is too large."
        default: return error.status.reasonPhrase
        }
    }

    /// The seconds a client is asked to wait after a fault of the database or the storage: about as long as a
    /// restarting server or a failing-over endpoint takes, and what the node's own checks wait between tries.
    static let retryAfterFault = "5"

    /// 507 Insufficient Storage: the server's disk (the data directory's, or the database's) has no room. The folder
    /// is in the log, not in the answer, which names no server path.
    static let diskFull = APIError(
        .init(code: 507, reasonPhrase: "Insufficient Storage"),
        "The server has no room to store this right now; nothing was kept. Please try again later.",
        headers: [.retryAfter: "60"])
}
