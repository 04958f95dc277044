import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One S3 request before signing: the operation's name (for errors), its target and its body.
struct S3Request: Sendable {
    /// What is sent. Every body here can be produced again for a retry: bytes are kept, and a file range is read
    /// again from the file.
    enum Body: Sendable {
        case none
        case bytes([UInt8])
        /// Streamed and sent as `UNSIGNED-PAYLOAD`, as hashing would mean reading the file twice.
        case file(path: String, offset: Int64, length: Int64)
    }

    var operation: String
    var method: HTTPMethod
    var bucket: String
    var key: String?
    var query: [(String, String)] = []
    var headers: [(String, String)] = []
    var body: Body

    init(_ operation: String, _ method: HTTPMethod, bucket: String, key: String? = nil, body: Body = .none) {
        self.operation = operation
        self.method = method
        self.bucket = bucket
        self.key = key
        self.body = body
    }

    /// GET, HEAD, PUT and DELETE may be repeated safely; POSTs (create and complete a multipart upload) may not.
    var isRetriable: Bool { method != .POST }

    func error(status: Int? = nil, code: String? = nil, message: String) -> S3Error {
        S3Error(operation: operation, bucket: bucket, key: key, status: status, code: code, message: message)
    }
}
