import FeedModels
import Foundation
import HTTPTypes
import Hummingbird

/// An answer the API refuses a request with: a status, the messages of an `{"errors": [...]}` body, and any headers
/// that go with it (`Allow`, `Retry-After`, `WWW-Authenticate`). Every other error becomes one of these in
/// `APIError+Mapping.swift`.
public struct APIError: Error, Sendable, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var messages: [String]
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ messages: String..., headers: HTTPFields = [:]) {
        self.init(status, messages, headers: headers)
    }

    public init(_ status: HTTPResponse.Status, _ messages: [String], headers: HTTPFields = [:]) {
        self.status = status
        self.messages = messages.isEmpty ? [status.reasonPhrase] : messages
        self.headers = headers
    }

    static func notFound(_ thing: String) -> APIError { APIError(.notFound, "Couldn't find \(thing)") }

    static func badParameter(_ message: String) -> APIError { APIError(.badRequest, message) }

    /// Unsplash's exact answer for a user-only endpoint called without a valid bearer token.
    static let invalidToken = APIError(
        .unauthorized, "OAuth error: The access token is invalid",
        headers: [.wwwAuthenticate: "Bearer realm=\"ImageFeed\", error=\"invalid_token\""]
    )

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }

    /// The JSON answer: the status, the headers and `{"errors": [...]}`.
    func response() -> Response {
        var fields = headers
        fields[.contentType] = FeedJSONEncoder.contentType
        return Response(
            status: status, headers: fields, body: .init(byteBuffer: FeedJSONEncoder.body(ErrorBody(errors: messages))))
    }
}
