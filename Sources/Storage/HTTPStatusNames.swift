import Foundation

/// S3's codes for answers without a body.
enum HTTPStatusNames {
    static func code(for status: Int) -> String? {
        switch status {
        case 301: "PermanentRedirect"
        case 400: "BadRequest"
        case 403: "AccessDenied"
        case 404: "NotFound"
        case 409: "Conflict"
        case 412: "PreconditionFailed"
        case 500: "InternalError"
        case 503: "ServiceUnavailable"
        default: nil
        }
    }
}
