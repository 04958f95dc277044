import Foundation

/// A request to S3 that failed: which operation on which key, and what the service (or the network) said.
public struct S3Error: Error, Sendable, CustomStringConvertible {
    /// The S3 operation, e.g. `PutObject`, `ListObjectsV2`.
    public var operation: String
    /// The bucket asked.
    public var bucket: String
    /// The object's key, for operations on one object.
    public var key: String?
    /// The HTTP status, or nil when no answer came.
    public var status: Int?
    /// S3's error code, e.g. `NoSuchBucket`, `SignatureDoesNotMatch`.
    public var code: String?
    /// S3's message, or the network error's description when no answer came.
    public var message: String?

    /// An error from its parts.
    public init(
        operation: String, bucket: String, key: String? = nil, status: Int? = nil, code: String? = nil,
        message: String? = nil
    ) {
        self.operation = operation
        self.bucket = bucket
        self.key = key
        self.status = status
        self.code = code
        self.message = message
    }

    /// One sentence a user can act on, e.g. `S3 GetObject of "a.jpg" in bucket "photos" failed: HTTP 404
    /// NoSuchBucket: The specified bucket does not exist`.
    public var description: String {
        let target =
            key.map { "S3 \(operation) of \"\($0)\" in bucket \"\(bucket)\"" }
            ?? "S3 \(operation) in bucket \"\(bucket)\""
        guard let status else { return "\(target) got no answer: \(message ?? "unknown error")" }
        let detail = [code, message].compactMap { $0 }.joined(separator: ": ")
        return "\(target) failed: HTTP \(status)" + (detail.isEmpty ? "" : " \(detail)")
    }
}
