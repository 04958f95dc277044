import HTTPTypes
import Hummingbird
import NIOCore

/// An answer known at once: a status, headers and the whole body in memory. Route handlers turn it into a
/// `Response`; the fast path (``FastPathHandler``) writes it straight to the connection. Both build it with the same
/// code, so a request gets the same answer whichever path serves it.
struct ImmediateResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    /// The body; nil when there is none (304), and for HEAD, whose `Content-Length` is the GET body's.
    var body: ByteBuffer? = nil

    /// `body` as the answer to `method`: a HEAD gets the headers and length only.
    static func ok(_ headers: HTTPFields, _ body: ByteBuffer, method: HTTPRequest.Method) -> ImmediateResponse {
        var headers = headers
        headers[.contentLength] = String(body.readableBytes)
        return ImmediateResponse(status: .ok, headers: headers, body: method == .head ? nil : body)
    }

    var response: Response {
        guard let body else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
