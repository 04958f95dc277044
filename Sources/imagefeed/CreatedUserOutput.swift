import ArgumentParser
import FeedStore
import Foundation

/// `users create --json`.
struct CreatedUserOutput: Encodable {
    var id: String
    var username: String
    var email: String?
}
