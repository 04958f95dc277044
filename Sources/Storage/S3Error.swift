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
        let target = key.map { "S3 \(operation) of \"\($0)\" in bucket \"\(bucket)\"" }
            ?? "S3 \(operation) in bucket \"\(bucket)\""
        guard let status else { return "\(target) got no answer: \(message ?? "unknown error")" }
        let detail = [code, message].compactMap { $0 }.joined(separator: ": ")
        return "\(target) failed: HTTP \(status)" + (detail.isEmpty ? "" : " \(detail)")
    }
}

/// Just enough XML for S3's answers, which are flat and attribute-free where we read them: the text of named
/// elements, found in order. A full parser (FoundationXML) would pull libxml2 into the server for this.
enum S3XML {
    /// The contents of every `<name>…</name>` in `xml`, in order.
    static func elements(_ name: String, in xml: Substring) -> [Substring] {
        let open = "<\(name)>", close = "</\(name)>"
        var found: [Substring] = []
        var rest = xml[...]
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            found.append(rest[start.upperBound..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        return found
    }

    /// The decoded text of the first `<name>` in `xml`.
    static func value(_ name: String, in xml: Substring) -> String? {
        elements(name, in: xml).first.map(unescape)
    }

    /// `text` with XML's five entities and numeric references decoded.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += rest[ampersand...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// `text` safe inside an element.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The error S3 described in `body`, or one made of the status alone (HEAD answers have no body).
    static func error(
        _ body: [UInt8], status: Int, operation: String, bucket: String, key: String?
    ) -> S3Error {
        let xml = Substring(decoding: body, as: UTF8.self)
        let code = value("Code", in: xml) ?? HTTPStatusNames.code(for: status)
        return S3Error(
            operation: operation, bucket: bucket, key: key, status: status, code: code,
            message: value("Message", in: xml))
    }
}

/// S3's codes for answers without a body.
enum HTTPStatusNames {
    static func code(for status: Int) -> String? {
        switch status {
        case 301: "PermanentRedirect"
        case 400: "BadRequest"
        case 403: "AccessDenied"
        case 404: "NotFound"
        case 409: "Conflict"
        case 412: "PreconditionFailed"
        case 500: "InternalError"
        case 503: "ServiceUnavailable"
        default: nil
        }
    }
}
