import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Parameters of a write request, merged from the query string, a form body and a JSON object body — Unsplash
/// clients send all three (python-unsplash forms, the OpenAPI spec JSON, unsplash_rb the query string). Body values
/// win over query values. A JSON body that is not an object (the iOS apps send `""`) is ignored; one that is not JSON
/// at all is a 400, rather than a request that silently changes nothing.
struct RequestParameters: Sendable {
    private(set) var values: [String: String] = [:]

    subscript(name: String) -> String? { values[name] }

    /// Reads the request's query and body. The body is limited by the context's `maxUploadSize`.
    static func collect(_ request: Request, context: FeedRequestContext) async throws -> RequestParameters {
        var parameters = RequestParameters()
        for pair in QueryParameters(request.uri.query).pairs where parameters.values[pair.name] == nil {
            parameters.values[pair.name] = pair.value
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: context.maxUploadSize)
        } catch {
            throw APIError(.contentTooLarge, "The request body is too large (at most \(context.maxUploadSize / 1024) KB).")
        }
        guard body.readableBytes > 0 else { return parameters }
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let data = Data(buffer: body)
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            for pair in QueryParameters(String(decoding: data, as: UTF8.self)).pairs {
                parameters.values[pair.name] = pair.value
            }
        } else if contentType.hasPrefix("application/json") || contentType.isEmpty {
            if let object = try? JSONDecoder().decode([String: JSONScalar].self, from: data) {
                for (name, value) in object {
                    if let text = value.text { parameters.values[name] = text }
                }
            } else if contentType.hasPrefix("application/json"),
                (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil
            {
                // Only a body that is not an object gets this second look: is it JSON at all?
                throw APIError.badParameter("The body is not valid JSON; send a JSON object of the parameters, or a form.")
            }
        }
        return parameters
    }

    /// A boolean as clients send it: `true`/`false`, `True`/`False` (python's `str(bool)`), `1`/`0`, `on`.
    func bool(_ name: String) -> Bool? {
        guard let raw = values[name]?.lowercased() else { return nil }
        switch raw {
        case "true", "1", "on", "yes": return true
        case "false", "0", "off", "no", "": return false
        default: return nil
        }
    }
}

/// A top-level value of a JSON body, read as the string a form would have carried.
enum JSONScalar: Decodable {
    case text(String?)

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .text("")
        } else if let bool = try? container.decode(Bool.self) {
            self = .text(bool ? "true" : "false")
        } else if let integer = try? container.decode(Int.self) {
            self = .text(String(integer))
        } else if let number = try? container.decode(Double.self) {
            self = .text(String(number))
        } else if let string = try? container.decode(String.self) {
            self = .text(string)
        } else {
            self = .text(nil)  // nested objects and arrays are not form values
        }
    }
}
