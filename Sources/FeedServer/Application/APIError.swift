import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// Every error the API answers with, mapped in one place to a status and an `{"errors": [...]}` body.
public struct APIError: Error, Sendable, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var messages: [String]
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ messages: String..., headers: HTTPFields = [:]) {
        self.status = status
        self.messages = messages
        self.headers = headers
    }

    public init(_ status: HTTPResponse.Status, _ messages: [String], headers: HTTPFields = [:]) {
        self.status = status
        self.messages = messages.isEmpty ? [status.reasonPhrase] : messages
        self.headers = headers
    }

    static func notFound(_ thing: String) -> APIError { APIError(.notFound, "Couldn't find \(thing)") }

    static func badParameter(_ message: String) -> APIError { APIError(.badRequest, message) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }

    func response() -> Response {
        var response = JSONResponse.make(ErrorBody(errors: messages), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// JSON responses with the shared encoder.
enum JSONResponse {
    static let encoder = FeedJSON.makeEncoder()

    static func make<Value: Encodable>(_ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: body(value)))
    }

    /// The JSON bytes of `value`: written directly for the hot wire models, through `JSONEncoder` otherwise.
    static func body<Value: Encodable>(_ value: Value) -> ByteBuffer {
        if let writable = value as? any JSONWritable {
            return ByteBuffer(bytes: JSONWriter.encode(writable, capacity: 2048))
        }
        // Encoding our own wire types cannot fail; an empty object is the safe fallback if one ever does.
        return ByteBuffer(bytes: (try? encoder.encode(value)) ?? Data("{}".utf8))
    }
}
