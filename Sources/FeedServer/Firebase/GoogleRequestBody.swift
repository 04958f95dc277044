import FeedLibrary
import FeedModels
import Foundation
import Hummingbird
import NIOCore

/// Reads the JSON body of a Google API request into its wire type, refusing it as Google does: a body that is not
/// JSON, or a field of the wrong type, is a 400 `INVALID_ARGUMENT` naming what is wrong; an empty body is `{}`.
enum GoogleRequestBody {
    /// The most a JSON request body may take.
    static let limit = 1 << 20

    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> Value {
        let bytes = try await collect(request)
        return try decode(type, from: bytes.isEmpty ? Data("{}".utf8) : bytes)
    }

    /// The whole body, refused past ``limit`` or short of its `Content-Length` (see ``BrokenBody``).
    static func collect(_ request: Request, limit: Int = limit) async throws -> Data {
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > limit { throw GoogleRequestError.bodyTooLarge(limit: limit) }
        let data: Data
        do {
            data = Data(buffer: try await request.body.collect(upTo: limit))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw GoogleRequestError.bodyTooLarge(limit: limit)
        }
        if let declared, data.count != declared {
            throw BrokenBody(received: Int64(data.count), declared: Int64(declared))
        }
        return data
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        }
    }

    /// A decoding error in Google's words.
    static func describe(_ error: DecodingError) -> GoogleRequestError {
        switch error {
        case .typeMismatch(let type, let context):
            return context.codingPath.isEmpty
                ? .invalidJSON("Expected a JSON object.")
                : .invalidValue(field: path(context.codingPath), type: googleType(type))
        case .valueNotFound(let type, let context):
            return .invalidValue(field: path(context.codingPath), type: googleType(type))
        case .keyNotFound(let key, let context):
            return .invalidValue(field: path(context.codingPath + [key]), type: "required")
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? .invalidJSON("Unexpected token.")
                : .invalidValue(field: path(context.codingPath), type: "TYPE_STRING")
        @unknown default:
            return .invalidJSON("Unexpected token.")
        }
    }

    /// `users[0].email`, as Google names a field.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    static func googleType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "TYPE_STRING"
        case is Bool.Type: "TYPE_BOOL"
        case is Int64.Type, is Int.Type, is GoogleInt64.Type: "TYPE_INT64"
        case is Double.Type: "TYPE_DOUBLE"
        default: String(describing: type).hasPrefix("Array") ? "TYPE_STRING" : "TYPE_MESSAGE"
        }
    }
}
