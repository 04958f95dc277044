import Foundation

/// The body of Firebase Storage's `/v0` error answers: `{"error": {"code", "message"}}`.
public struct FirebaseStorageErrorBody: Codable, Sendable, Hashable {
    public var error: Content

    public init(code: Int, message: String) {
        self.error = Content(code: code, message: message)
    }

    /// The error itself.
    public struct Content: Codable, Sendable, Hashable {
        public var code: Int
        public var message: String
    }
}
