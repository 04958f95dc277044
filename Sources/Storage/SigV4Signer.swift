import Crypto
import Foundation

/// AWS Signature Version 4 (`AWS4-HMAC-SHA256`), header and query-string forms. The time is always a parameter, so
/// the published examples can be reproduced exactly.
public struct SigV4Signer: Sendable {
    /// The payload hash of a body that is streamed and not hashed beforehand.
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"
    /// The SHA-256 of no bytes, the payload hash of every request without a body.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// Who signs.
    public let credentials: AWSCredentials
    /// The region in the credential scope, e.g. `us-east-1`.
    public let region: String
    /// The service in the credential scope: `s3` for object storage.
    public let service: String

    /// A signer for one region and service.
    public init(credentials: AWSCredentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// Adds `host`, `x-amz-date`, `x-amz-security-token` (with a session token) and `Authorization` to `request`.
    /// S3 also wants `x-amz-content-sha256` equal to `payloadHash`: the caller adds it, as other services don't.
    public func sign(_ request: inout SignableRequest, payloadHash: String, date: Date) {
        let stamp = Self.timestamp(date)
        request.headers.removeAll { ["authorization", "x-amz-date"].contains($0.name.lowercased()) }
        if !request.headers.contains(where: { $0.name.lowercased() == "host" }) {
            request.headers.append(("host", request.host))
        }
        request.headers.append(("x-amz-date", stamp))
        if let token = credentials.sessionToken {
            request.headers.append(("x-amz-security-token", token))
        }
        let (canonical, signedHeaders) = Self.canonicalRequest(request, payloadHash: payloadHash)
        let signature = self.signature(of: canonical, timestamp: stamp)
        let credential = "\(credentials.accessKeyID)/\(scope(stamp))"
        request.headers.append(
            (
                "Authorization",
                "AWS4-HMAC-SHA256 Credential=\(credential), SignedHeaders=\(signedHeaders), Signature=\(signature)"
            ))
    }

    /// A URL that lets whoever holds it make `request` (usually a GET) until `expires` seconds after `date`,
    /// with no other credentials: the signature travels in the query.
    public func presignedURL(_ request: SignableRequest, scheme: String = "https", expires: Int, date: Date) -> String {
        let stamp = Self.timestamp(date)
        var request = request
        if !request.headers.contains(where: { $0.name.lowercased() == "host" }) {
            request.headers.append(("host", request.host))
        }
        let signedHeaders = Self.canonicalHeaders(request.headers).names
        request.query += [
            ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
            ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(stamp))"),
            ("X-Amz-Date", stamp),
            ("X-Amz-Expires", String(expires)),
            ("X-Amz-SignedHeaders", signedHeaders),
        ]
        if let token = credentials.sessionToken {
            request.query.append(("X-Amz-Security-Token", token))
        }
        let (canonical, _) = Self.canonicalRequest(request, payloadHash: Self.unsignedPayload)
        let signature = self.signature(of: canonical, timestamp: stamp)
        return "\(scheme)://\(request.host)\(request.encodedPath)?\(request.encodedQuery)&X-Amz-Signature=\(signature)"
    }

    /// The hex SHA-256 of `bytes`, as `x-amz-content-sha256` and the canonical request want it.
    public static func sha256Hex(_ bytes: some DataProtocol) -> String {
        hex(SHA256.hash(data: bytes))
    }

    // MARK: The steps, internal so the tests can check each against the published intermediate values.

    /// The canonical request and its signed-header list.
    static func canonicalRequest(_ request: SignableRequest, payloadHash: String) -> (String, String) {
        let headers = canonicalHeaders(request.headers)
        let canonical = [
            request.method, request.encodedPath, request.encodedQuery, headers.block, headers.names, payloadHash,
        ].joined(separator: "\n")
        return (canonical, headers.names)
    }

    /// `name:value\n` lines sorted by lowercased name (repeated names joined by commas, values trimmed and inner
    /// runs of spaces made one), and the names joined by `;`.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (block: String, names: String) {
        var merged: [String: [String]] = [:]
        for (name, value) in headers {
            let words = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            merged[name.lowercased(), default: []].append(words.trimmingCharacters(in: .whitespaces))
        }
        let names = merged.keys.sorted()
        let block = names.map { "\($0):\(merged[$0]!.joined(separator: ","))\n" }.joined()
        return (block, names.joined(separator: ";"))
    }

    /// `AWS4-HMAC-SHA256`, the time, the scope and the canonical request's hash, one a line.
    func stringToSign(canonicalRequest: String, timestamp: String) -> String {
        ["AWS4-HMAC-SHA256", timestamp, scope(timestamp), Self.sha256Hex(Array(canonicalRequest.utf8))]
            .joined(separator: "\n")
    }

    /// The hex HMAC of the string to sign under the day's signing key.
    func signature(of canonicalRequest: String, timestamp: String) -> String {
        let key = signingKey(day: String(timestamp.prefix(8)))
        let toSign = stringToSign(canonicalRequest: canonicalRequest, timestamp: timestamp)
        return Self.hex(HMAC<SHA256>.authenticationCode(for: Array(toSign.utf8), using: key))
    }

    /// The secret, chained through the day, region, service and `aws4_request`, so a leaked key is one day's.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Array("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return key
    }

    private func scope(_ timestamp: String) -> String {
        "\(timestamp.prefix(8))/\(region)/\(service)/aws4_request"
    }

    /// `yyyyMMddTHHmmssZ` in UTC, from the calendar arithmetic of `gmtime_r` (no formatter, no locale).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    /// RFC 3986 encoding as SigV4 defines it: unreserved bytes kept, every other UTF-8 byte as `%XX` in capitals.
    static func uriEncode(_ text: some StringProtocol) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
