import Foundation

/// A `multipart/form-data` body: text fields and one file.
struct MultipartBody: Sendable {
    let boundary = "FeedKit-" + UUID().uuidString
    private(set) var data = Data()

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    init(fields: [(String, String)], file: (name: String, filename: String, contentType: String, data: Data)) {
        for (name, value) in fields {
            append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
            append(value)
            append("\r\n")
        }
        append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(file.name))\"; ")
        append("filename=\"\(Self.quoted(file.filename))\"\r\nContent-Type: \(file.contentType)\r\n\r\n")
        data.append(file.data)
        append("\r\n--\(boundary)--\r\n")
    }

    private mutating func append(_ text: String) {
        data.append(contentsOf: Array(text.utf8))
    }

    /// A header parameter value: quotes and line breaks would end it early.
    private static func quoted(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
