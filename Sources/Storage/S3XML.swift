import Foundation

/// Just enough XML for S3's answers, which are flat and attribute-free where we read them: the text of named
/// elements, found in order. A full parser (FoundationXML) would pull libxml2 into the server for this.
enum S3XML {
    /// The contents of every `<name>…</name>` in `xml`, in order.
    static func elements(_ name: String, in xml: Substring) -> [Substring] {
        let open = "<\(name)>"
        let close = "</\(name)>"
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
                let number =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16)
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
