import FeedModels
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Writes what handlers return as the API's JSON: the hot wire models through their hand-written ``JSONWritable``
/// form, anything else through `JSONEncoder` with the wire format's settings.
public struct FeedJSONEncoder: ResponseEncoder {
    /// Exactly what Unsplash sends (reference §1.1, recorded): clients such as unsplash-js compare the media type
    /// as it is, parameters included.
    static let contentType = "application/json"
    static let fallback = FeedJSON.makeEncoder()

    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response
    {
        Response(status: .ok, headers: [.contentType: Self.contentType], body: .init(byteBuffer: Self.body(value)))
    }

    /// `value` as a JSON answer with `status` and extra `headers`, for handlers whose answer varies (forms that
    /// answer JSON or HTML, OAuth's own error shape).
    static func response<Value: Encodable>(
        _ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: .init(byteBuffer: body(value)))
    }

    /// The JSON bytes of `value`.
    static func body<Value: Encodable>(_ value: Value) -> ByteBuffer {
        if let writable = value as? any JSONWritable {
            return ByteBuffer(bytes: JSONWriter.encode(writable, capacity: 2048))
        }
        // Encoding our own wire types cannot fail; an empty object is the safe fallback if one ever does.
        return ByteBuffer(bytes: (try? fallback.encode(value)) ?? Data("{}".utf8))
    }
}

// The wire models are what handlers return; FeedModels knows nothing of HTTP, so they become answers here.
extension Photo: ResponseEncodable {}
extension User: ResponseEncodable {}
extension Collection: ResponseEncodable {}
extension DownloadLink: ResponseEncodable {}
extension LikeResult: ResponseEncodable {}
extension CollectionMembershipResult: ResponseEncodable {}
extension PhotoSearchResults: ResponseEncodable {}
extension Topic: ResponseEncodable {}
extension PhotoStatistics: ResponseEncodable {}
extension LibraryStatistics: ResponseEncodable {}
extension MonthStatistics: ResponseEncodable {}
