import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// The origin the router test client's requests come to (`Host: localhost`, plain http).
public let ownOrigin = "http://localhost"

/// `application/x-www-form-urlencoded` encoding of name/value pairs.
public func formEncoded(_ pairs: KeyValuePairs<String, String>) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return pairs.map {
        ($0.key.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.key) + "="
            + ($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.value)
    }.joined(separator: "&")
}

/// Headers of a form post from the server's own pages: a session cookie, the origin, and JSON answers if asked.
public func formHeaders(cookie: String? = nil, origin: String? = ownOrigin, json: Bool = false) -> HTTPFields {
    var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    if let cookie { headers[.cookie] = cookie }
    if let origin { headers[.origin] = origin }
    if json { headers[.accept] = "application/json" }
    return headers
}

/// An `Authorization: Bearer` header.
public func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

/// The query items of a URL as a dictionary.
public func queryItems(_ url: String) -> [String: String] {
    let items = URLComponents(string: url)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
}

/// The path and query of an absolute URL, for sending it back to the in-process server.
public func pathAndQuery(_ url: String) throws -> String {
    let components = try #require(URLComponents(string: url))
    return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
}

extension HTTPFields {
    /// These fields followed by `other`'s.
    public func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        merged.append(contentsOf: other)
        return merged
    }
}

extension TestClientProtocol {
    /// A GET.
    public func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    /// A POST of a form body.
    public func post(_ uri: String, form: KeyValuePairs<String, String>, headers: HTTPFields) async throws
        -> TestResponse
    {
        try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: formEncoded(form)))
    }

    /// Any request with an optional text body.
    public func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil)
        async throws -> TestResponse
    {
        try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}

/// A `multipart/form-data` body: text fields, then an optional file part.
public struct Multipart: Sendable {
    public static let boundary = "imagefeed-test-boundary-7MA4YWxkTrZu0gW"

    public var fields: [(String, String)]
    public var file: (name: String, type: String, bytes: [UInt8])?
    public var fileField: String

    public init(
        fields: [(String, String)] = [], file: (name: String, type: String, bytes: [UInt8])?,
        fileField: String = "file"
    ) {
        self.fields = fields
        self.file = file
        self.fileField = fileField
    }

    /// The `Content-Type` header, with the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(Self.boundary)" }

    public var body: ByteBuffer {
        var buffer = ByteBuffer()
        for (name, value) in fields {
            buffer.writeString("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n")
            buffer.writeString(value + "\r\n")
        }
        if let file {
            buffer.writeString(
                "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(fileField)\"; "
                    + "filename=\"\(file.name)\"\r\n"
                    + "Content-Type: \(file.type)\r\n\r\n")
            buffer.writeBytes(file.bytes)
            buffer.writeString("\r\n")
        }
        buffer.writeString("--\(Self.boundary)--\r\n")
        return buffer
    }
}
