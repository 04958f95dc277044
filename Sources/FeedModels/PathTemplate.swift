import Foundation

/// Fills an operation's path template (`/users/{username}/photos`) with its parameters.
enum PathTemplate {
    /// `template` with each `{name}` replaced by the next of `parameters`, percent-encoded as one path segment;
    /// `operation` names the operation when the count of parameters is wrong, a programming error.
    static func fill(_ template: String, with parameters: [String], operation: String) -> String {
        // Byte by byte: the server builds several links with this for every photo it lists.
        var remaining = parameters[...]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        var inName = false
        for byte in template.utf8 {
            if inName {
                inName = byte != UInt8(ascii: "}")
                continue
            }
            guard byte == UInt8(ascii: "{") else {
                bytes.append(byte)
                continue
            }
            guard let value = remaining.popFirst() else {
                preconditionFailure("\(operation) needs more than \(parameters.count) path parameters: \(template)")
            }
            // Ids, slugs and usernames need no encoding.
            if value.utf8.allSatisfy(isUnreserved) {
                bytes += value.utf8
            } else {
                bytes += (value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? value).utf8
            }
            inName = true
        }
        precondition(remaining.isEmpty, "\(operation) takes \(parameters.count - remaining.count) path parameters")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a byte is one of RFC 3986's unreserved characters (``segmentCharacters``).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// RFC 3986's unreserved characters; everything else in a value is percent-encoded.
    static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
