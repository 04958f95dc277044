import FeedLibrary
import Foundation

/// A `multipart/related` body: a JSON metadata part, then the data part, as the JS SDK's `uploadBytes` and
/// google-cloud-storage's multipart uploads send them.
struct MultipartRelated {
    var metadata: ArraySlice<UInt8>
    var data: ArraySlice<UInt8>
    /// The data part's `Content-Type`.
    var dataContentType: String?

    /// The boundary of a `multipart/related; boundary=…` content type (quoted or not).
    static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Splits `body` at `boundary` into its first two parts.
    static func parse(_ body: [UInt8], boundary: String) throws(FirebaseStorageError) -> MultipartRelated {
        let delimiter = Array(("--" + boundary).utf8)
        var starts: [Int] = []
        var index = 0
        while let found = find(delimiter, in: body, from: index) {
            starts.append(found)
            index = found + delimiter.count
        }
        guard starts.count >= 3 else {
            throw .invalidArgument("The multipart body does not have a metadata part and a data part.")
        }
        func part(_ number: Int) throws(FirebaseStorageError) -> (headers: String, content: ArraySlice<UInt8>) {
            var start = starts[number] + delimiter.count
            // Past the delimiter's line end.
            if start + 1 < body.count, body[start] == 13, body[start + 1] == 10 { start += 2 }
            var end = starts[number + 1]
            if end >= 2, body[end - 2] == 13, body[end - 1] == 10 { end -= 2 }
            guard start <= end, let split = find([13, 10, 13, 10], in: body[start..<end].map { $0 }, from: 0) else {
                throw .invalidArgument("A multipart part has no headers.")
            }
            let headers = String(decoding: body[start..<(start + split)], as: UTF8.self)
            return (headers, body[(start + split + 4)..<end])
        }
        let metadata = try part(0)
        let data = try part(1)
        let contentType = data.headers.split(separator: "\r\n").compactMap { line -> String? in
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-type" else {
                return nil
            }
            return pair[1].trimmingCharacters(in: .whitespaces)
        }.first
        return MultipartRelated(metadata: metadata.content, data: data.content, dataContentType: contentType)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
