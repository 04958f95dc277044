import Foundation

/// The body of Google APIs' error answers: `{"error": {"code", "message", "errors", "status", "details"}}`, as
/// Identity Toolkit, securetoken and Cloud Storage answer, and as the Firebase SDKs read (the JS SDK maps the part
/// of `message` before `" : "` to its error codes).
public struct GoogleErrorBody: Codable, Sendable, Hashable {
    public var error: GoogleError

    public init(error: GoogleError) {
        self.error = error
    }
}

/// One Google API error.
public struct GoogleError: Codable, Sendable, Hashable {
    /// The HTTP status, repeated.
    public var code: Int
    /// What went wrong: for Identity Toolkit a code such as `EMAIL_EXISTS`, with detail after `" : "`.
    public var message: String
    /// The legacy per-error list (`[{"message", "reason", "domain"}]`).
    public var errors: [Item]?
    /// The canonical status name (`INVALID_ARGUMENT`, `PERMISSION_DENIED`).
    public var status: String?
    /// Typed details, such as the `ErrorInfo` of a refused API key.
    public var details: [Detail]?

    public init(code: Int, message: String, errors: [Item]? = nil, status: String? = nil, details: [Detail]? = nil) {
        self.code = code
        self.message = message
        self.errors = errors
        self.status = status
        self.details = details
    }

    /// An entry of ``errors``.
    public struct Item: Codable, Sendable, Hashable {
        public var message: String
        public var reason: String
        public var domain: String?
        public var location: String?
        public var locationType: String?

        public init(
            message: String, reason: String, domain: String? = "global", location: String? = nil,
            locationType: String? = nil
        ) {
            self.message = message
            self.reason = reason
            self.domain = domain
            self.location = location
            self.locationType = locationType
        }
    }

    /// A `google.rpc.ErrorInfo` detail.
    public struct Detail: Codable, Sendable, Hashable {
        public var type: String
        public var reason: String
        public var domain: String
        public var metadata: [String: String]?

        public init(reason: String, domain: String, metadata: [String: String]? = nil) {
            self.type = "type.googleapis.com/google.rpc.ErrorInfo"
            self.reason = reason
            self.domain = domain
            self.metadata = metadata
        }

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case reason, domain, metadata
        }
    }
}
