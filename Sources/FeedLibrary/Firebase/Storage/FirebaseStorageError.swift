/// Why a Storage request is refused, in terms of what was asked; FeedServer words it in the format of the API that
/// was called (Firebase's `/v0` or GCS's JSON API).
public enum FirebaseStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request names a bucket this server does not serve.
    case bucketNotFound(String)
    /// No object has that name.
    case objectNotFound(bucket: String, name: String)
    /// The rules refuse the operation (`read`, `write`, `list`, `delete`…) to this caller.
    case permissionDenied(operation: String)
    /// The call needs a credential and has none, or its token is not valid.
    case unauthenticated(String)
    /// The call needs the admin token.
    case adminRequired
    /// The request is malformed: what is wrong with it.
    case invalidArgument(String)
    /// The object would be larger than the server takes.
    case tooLarge(limit: Int)
    /// A resumable upload's chunk does not start where the upload has got to.
    case offsetMismatch(received: Int64, offset: Int64)
    /// No live upload has that id (unknown, expired, finished or cancelled).
    case uploadNotActive
    /// The bytes do not match the checksum the client sent.
    case checksumMismatch(String)

    public var description: String {
        switch self {
        case .bucketNotFound(let bucket): "The specified bucket \(bucket) does not exist."
        case .objectNotFound(let bucket, let name): "No such object: \(bucket)/\(name)"
        case .permissionDenied(let operation): "Permission denied. No \(operation.uppercased()) permission."
        case .unauthenticated(let reason): reason
        case .adminRequired:
            "This call needs the admin token (`Authorization: Bearer <--firebase-admin-token>`)."
        case .invalidArgument(let reason): reason
        case .tooLarge(let limit): "The object is larger than this server's upload limit of \(limit) bytes."
        case .offsetMismatch(let received, let offset):
            "The upload has received \(received) bytes, but this chunk starts at \(offset)."
        case .uploadNotActive: "No active upload has this id: it is unknown, finished, cancelled or expired."
        case .checksumMismatch(let reason): reason
        }
    }
}
