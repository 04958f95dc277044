import FeedLibrary
import HTTPTypes
import Hummingbird

/// Firebase answers as JSON.
enum FirebaseJSON {
    static func response<Value: Encodable>(
        _ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=UTF-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: FeedJSONEncoder.body(value)))
    }
}
