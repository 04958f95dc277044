/// Why the Realtime Database refused a path, a key, a value, a query or a write, with the text Firebase answers.
///
/// `message` is what goes, as is, into the REST surface's `{"error": message}` body (status 400 for every code
/// here); the texts follow what Firebase's servers answer where known (REST responses quoted in client issues)
/// and the SDKs' own client-side checks (`core/util/validation.ts`) elsewhere.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal, for code that branches on it.
    public enum Code: String, Sendable, Hashable {
        /// The request path has a bad segment (`.`, `$`, `#`, `[`, `]`, control characters, `..`).
        case invalidPath
        /// The body is not JSON, or breaks Firebase's value rules (bad key, `.value` beside children, bad `.sv`).
        case invalidData
        /// Deeper than 32 levels, or a key longer than 768 bytes.
        case limitExceeded
        /// A query's parameters are malformed or inconsistent.
        case invalidQuery
        /// A multi-location update names a path and one of its descendants.
        case overlappingUpdate
    }

    /// The kind of refusal.
    public var code: Code
    /// Firebase's text for it.
    public var message: String

    /// Makes an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func invalidPath(_ detail: String) -> DatabaseError {
        // Firebase answers exactly "Invalid path: Invalid token in path"; the detail says which token.
        DatabaseError(.invalidPath, "Invalid path: Invalid token in path (\(detail))")
    }

    static let unparsableJSON = DatabaseError(
        .invalidData, "Invalid data; couldn't parse JSON object, array, or value.")
}
