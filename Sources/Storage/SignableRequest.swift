import Crypto
import Foundation

/// One HTTP request as Signature Version 4 sees it. The path and query are kept decoded, and the encoded forms the
/// signature covers are derived here, so the URL sent and the URL signed cannot differ.
public struct SignableRequest: Sendable {
    /// `GET`, `PUT`, …
    public var method: String
    /// The `Host` header: the host name, with `:port` when the port is not the scheme's default.
    public var host: String
    /// The decoded path, starting with `/`; each segment is percent-encoded once (S3 does not encode twice).
    public var path: String
    /// The decoded query parameters, in any order.
    public var query: [(name: String, value: String)]
    /// Headers to sign and send; names in any case.
    public var headers: [(name: String, value: String)]

    /// A request from its parts.
    public init(
        method: String, host: String, path: String,
        query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = []
    ) {
        self.method = method
        self.host = host
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The path as sent and signed: every byte but `A-Z a-z 0-9 - . _ ~` percent-encoded, slashes kept.
    public var encodedPath: String {
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { SigV4Signer.uriEncode($0) }
            .joined(separator: "/")
        return encoded.isEmpty ? "/" : encoded
    }

    /// The query as sent and signed: names and values encoded, sorted by name then value.
    public var encodedQuery: String {
        let encoded: [(name: String, value: String)] = query.map {
            (SigV4Signer.uriEncode($0.name), SigV4Signer.uriEncode($0.value))
        }
        let sorted = encoded.sorted { left, right in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        return sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}
