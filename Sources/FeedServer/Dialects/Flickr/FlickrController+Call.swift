import FeedModels
import FeedStore
import Foundation

extension FlickrController {
    /// Who is calling and what they sent, once the key and any signature are checked.
    struct Call: Sendable {
        let parameters: [String: String]
        /// The signed-in user of an OAuth access token, and its permission (`read`, `write`, `delete`).
        let user: UserRecord?
        let perms: String?
        let token: String?
        let presenter: FlickrPresenter
    }
}

extension FlickrController.Call {
    /// A whole-number parameter in `range`, or `fallback` when absent; anything else is Flickr's error 18.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let raw = parameters[name], !raw.isEmpty else { return fallback }
        guard let value = Int(raw) else { throw FlickrFailure(18, "Illogical arguments: \(name) must be a number") }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// `page` and `per_page` (at most `maxPerPage`; Flickr clamps rather than refuses).
    func page(maxPerPage: Int = 500, defaultPerPage: Int = 100) throws -> PageRequest {
        PageRequest(
            number: try int("page", default: 1, in: 1...100_000),
            size: try int("per_page", default: defaultPerPage, in: 1...maxPerPage)
        )
    }

    var extras: Set<String> {
        Set((parameters["extras"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    func required(_ name: String) throws -> String {
        guard let value = parameters[name], !value.isEmpty else { throw FlickrFailure.missingArgument(name) }
        return value
    }

    /// The signed-in user, whose token has at least `permission`.
    func signedIn(_ permission: FlickrMethod.Permission = .read) throws -> UserRecord {
        // A token without a recorded permission reads.
        let granted: FlickrMethod.Permission? =
            switch perms ?? "read" {
            case "delete": .delete
            case "write": .write
            case "read": .read
            default: nil
            }
        guard let user, let granted, granted.rawValue >= permission.rawValue else { throw FlickrFailure.notLoggedIn }
        return user
    }
}
