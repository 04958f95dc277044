import Foundation

/// The body of every error response: `{"errors": ["…"]}`, a non-empty array of human sentences.
public struct ErrorBody: Codable, Sendable, Hashable {
    public var errors: [String]

    public init(errors: [String]) {
        self.errors = errors
    }
}
