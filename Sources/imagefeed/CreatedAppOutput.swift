import ArgumentParser
import FeedStore
import Foundation

/// `apps create --json`: the keys are shown once, here, and never again (only a hash of the secret is kept).
struct CreatedAppOutput: Encodable {
    var id: String
    var name: String
    var accessKey: String
    /// Nil for a public app, which has none.
    var secretKey: String?
    var oauth1Secret: String?
    var isPublic: Bool
    var redirectUris: [String]
}
