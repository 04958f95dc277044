import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Parameters of a write request, merged from the query string, a form body and a JSON object body — Unsplash
/// clients send all three (python-unsplash forms, the OpenAPI spec JSON, unsplash_rb the query string). Body values
/// win over query values. A JSON body that is not an object (the iOS apps send `""`) is ignored; one that is not JSON
/// at all is a 400, rather than a request that silently changes nothing.
struct RequestParameters: Sendable {
    /// The values given as text (or as a number or boolean where the parameter takes one).
    private(set) var values: [String: String] = [:]
    /// Why a member of a JSON body cannot be read (an object, or a number for a text parameter), by name. Refused
    /// only when the endpoint reads that parameter: members nobody reads are ignored, as Unsplash ignores them and
    /// as RFC 6749 §3.2 asks of the token endpoint.
    private var unreadable: [String: String] = [:]

    /// The parameter's text; a 422 when the body gave it as a value of the wrong kind.
    subscript(name: String) -> String? {
        get throws(APIError) {
            if let problem = unreadable[name] { throw APIError(.unprocessableContent, problem) }
            return values[name]
        }
    }

    /// Refuses, all at once, those of `names` the body gave as values of the wrong kind: for readers that take
    /// ``values`` whole.
    func check(_ names: [String]) throws(APIError) {
        let problems = names.compactMap { unreadable[$0] }
        if !problems.isEmpty { throw APIError(.unprocessableContent, problems) }
    }

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
            throw APIError(
                .contentTooLarge, "The request body is too large (at most \(context.maxUploadSize / 1024) KB).")
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
                // A value of the wrong kind is refused when read, rather than stored as "false" or dropped.
                for (name, value) in object {
                    switch value {
                    case .text(let text): parameters.values[name] = text
                    case .null: parameters.values[name] = ""
                    case .number(let text), .bool(let text):
                        if Self.takesNumberOrBoolean(name) {
                            parameters.values[name] = text
                        } else {
                            parameters.values[name] = nil
                            parameters.unreadable[name] = "\(name) must be text; got \(text)."
                        }
                    case .nested(let kind):
                        parameters.values[name] = nil
                        parameters.unreadable[name] = "\(name) must be a single value, not \(kind)."
                    }
                }
            } else if contentType.hasPrefix("application/json"),
                (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil
            {
                // Only a body that is not an object gets this second look: is it JSON at all?
                throw APIError.badParameter(
                    "The body is not valid JSON; send a JSON object of the parameters, or a form.")
            }
        }
        return parameters
    }

    /// Parameters a JSON body may give as a number or `true`/`false`, read as the text a form would carry: the
    /// switches, the coordinates, and ids (some clients send Unsplash's numeric album ids as numbers). Every other
    /// parameter is text.
    static func takesNumberOrBoolean(_ name: String) -> Bool {
        [
            "private", "public", "exact_location_public", "location[latitude]", "location[longitude]", "latitude",
            "longitude", "address_lat", "address_lng",
        ].contains(name) || name.lowercased().hasSuffix("id")
    }

    /// A boolean (see `Bool(parameter:)`); nil when absent or empty. Anything else is refused rather than read as
    /// false.
    func bool(_ name: String) throws(APIError) -> Bool? {
        guard let raw = try self[name], !raw.isEmpty else { return nil }
        guard let value = Bool(parameter: raw) else {
            throw APIError(.unprocessableContent, "\(name) must be true or false; got \"\(raw)\".")
        }
        return value
    }
}
