import Firebase

/// Why the Realtime Database refused a request, with the status and the text Firebase answers: the REST surface
/// writes `{"error": message}` with `status`.
///
/// The texts are Firebase's where its servers' answers are known (`Permission denied`, `Could not parse auth
/// token.`, `Auth token is expired`, the SDKs' `too_big` text), and plain statements elsewhere.
public struct DatabaseServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// The text of `{"error": …}`.
    public var message: String
    /// For a failed conditional write: the current value and its ETag, which the 412 answer carries.
    public var current: ConditionalWriteFailure?

    /// An error.
    public init(status: Int, _ message: String, current: ConditionalWriteFailure? = nil) {
        self.status = status
        self.message = message
        self.current = current
    }

    /// The message.
    public var description: String { message }

    /// The rules refused (401, as Firebase answers).
    public static let permissionDenied = DatabaseServiceError(status: 401, "Permission denied")
    /// The `auth` or `access_token` is not a token this server accepts.
    public static let invalidToken = DatabaseServiceError(status: 401, "Could not parse auth token.")
    /// The token expired.
    public static let expiredToken = DatabaseServiceError(status: 401, "Auth token is expired")
    /// The token's account signed out or was deleted since it was issued.
    public static let revokedToken = DatabaseServiceError(status: 401, "Auth token has been revoked")
    /// Only the admin may do this (rules, import).
    public static let adminOnly = DatabaseServiceError(
        status: 401, "Permission denied: only the admin token may read or change the rules")
    /// A read that would answer more than the server allows.
    public static let tooBig = DatabaseServiceError(
        status: 400, "The data requested exceeds the maximum size that can be accessed with a single request.")
    /// A write estimated to take longer than its `writeSizeLimit`.
    public static func writeTooBig(_ limit: WriteSizeLimit) -> DatabaseServiceError {
        DatabaseServiceError(
            status: 400,
            "Data to write exceeds the maximum size that can be modified with a single request (writeSizeLimit="
                + "\(limit.rawValue)). Write less at a time, or ask for a larger writeSizeLimit.")
    }

    /// A refusal of the Firebase core (bad path, data, query or update): 400 with its text.
    public init(_ error: DatabaseError) {
        self.init(status: 400, error.message)
    }

    /// The `.indexOn` a query needs is missing: 400 with Firebase's text.
    public static func indexNotDefined(_ index: DatabaseIndex, at path: DatabasePath) -> DatabaseServiceError {
        DatabaseServiceError(DatabaseRules.indexNotDefined(index, at: path))
    }

    /// Rules that do not compile: 400 with the place and the reason.
    public init(_ error: RulesError) {
        self.init(status: 400, error.description)
    }
}

/// What a conditional write that found other data answers with (412): the data now there and its ETag.
public struct ConditionalWriteFailure: Sendable, Hashable {
    /// The current value.
    public var node: DatabaseNode
    /// Its ETag.
    public var etag: String

    /// A failure.
    public init(node: DatabaseNode, etag: String) {
        self.node = node
        self.etag = etag
    }
}
