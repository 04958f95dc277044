import Foundation

/// Where an S3-compatible service answers and how buckets are addressed there.
public struct S3Endpoint: Sendable, Equatable, CustomStringConvertible {
    /// How a bucket appears in a request's URL.
    public enum AddressingStyle: String, Sendable {
        /// `http://host/bucket/key`: what MinIO, moto and most self-hosted services expect.
        case path
        /// `https://bucket.host/key`: what AWS prefers.
        case virtual
    }

    /// `http` or `https`.
    public var scheme: String
    /// The host name or address, without the port.
    public var host: String
    /// The port, when it is not the scheme's default.
    public var port: Int?
    /// The signing region.
    public var region: String
    /// Path or virtual-host addressing.
    public var style: AddressingStyle

    /// An endpoint from its parts.
    public init(scheme: String, host: String, port: Int? = nil, region: String, style: AddressingStyle) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.region = region
        self.style = style
    }

    /// AWS's own endpoint for `region`, addressed virtual-host style.
    public static func aws(region: String) -> S3Endpoint {
        S3Endpoint(scheme: "https", host: "s3.\(region).amazonaws.com", region: region, style: .virtual)
    }

    /// The `Host` header and the decoded path of a request for `key` in `bucket` (the bucket itself when nil).
    func address(bucket: String, key: String?) -> (host: String, path: String) {
        let hostAndPort = port.map { "\(host):\($0)" } ?? host
        switch style {
        case .path: return (hostAndPort, "/\(bucket)" + (key.map { "/\($0)" } ?? ""))
        case .virtual: return ("\(bucket).\(hostAndPort)", "/" + (key ?? ""))
        }
    }

    /// `scheme://host[:port]`.
    public var description: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }
}
