import FeedModels
import HTTPTypes
import Hummingbird
import NIOCore

/// JSONP as json-server answers it (Express's `res.jsonp`): with `?callback=name`, every answer is the script
/// `/**/ typeof name === 'function' && name(…);`, typed `text/javascript; charset=utf-8` with `nosniff`.
extension JSONPlaceholderController {
    /// The function name of `?callback=`, cleaned as Express cleans it (only letters, digits, `_`, `$`, `.`, `[`
    /// and `]` kept); nil when there is none or nothing is left.
    static func callback(_ request: Request) -> String? {
        guard let raw = QueryParameters(request.uri.query)["callback"] else { return nil }
        let cleaned = raw.unicodeScalars.filter { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "_$.[]".unicodeScalars.contains(scalar))
        }
        return cleaned.isEmpty ? nil : String(String.UnicodeScalarView(cleaned))
    }

    /// `answer`'s response, as JSONP when the request names a callback.
    func jsonp(_ request: Request, _ answer: () async throws -> Response) async throws -> Response {
        let response = try await answer()
        guard let callback = Self.callback(request),
            response.headers[.contentType]?.hasPrefix("application/json") == true
        else { return response }
        var json = try await response.body.collect()
        var script = ByteBuffer(string: "/**/ typeof \(callback) === 'function' && \(callback)(")
        // U+2028 and U+2029 end a line in JavaScript (not in JSON): written as escapes, as Express writes them.
        let text = String(buffer: json)
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        json = ByteBuffer(string: text)
        script.writeBuffer(&json)
        script.writeString(");")
        var headers = response.headers
        headers[.contentType] = "text/javascript; charset=utf-8"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentLength] = nil
        return Response(status: response.status, headers: headers, body: ResponseBody(byteBuffer: script))
    }
}
