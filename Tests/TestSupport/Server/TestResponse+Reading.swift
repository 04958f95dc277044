import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

extension TestResponse {
    /// The body's bytes.
    public var bytes: [UInt8] { Array(body.readableBytesView) }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A header by name.
    public func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }

    /// The `Location` header.
    public var location: String? { headers[.location] }

    /// The body as JSON (objects, arrays, NSNull for null).
    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// The body as a JSON object.
    public func object() throws -> [String: Any] { try #require(try json() as? [String: Any]) }

    /// The body as a JSON array of objects.
    public func array() throws -> [[String: Any]] { try #require(try json() as? [[String: Any]]) }

    /// The body decoded as the API encodes it.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try FeedJSON.makeDecoder().decode(type, from: Data(bytes))
    }

    /// The strings of an `{"errors": [...]}` body; empty when the body is not that shape.
    public var errors: [String] { (try? decode(ErrorBody.self).errors) ?? [] }

    /// The ids of a JSON array of photos, in order.
    public func photoIDs() throws -> [String] { try decode([Photo].self).map(\.id) }

    /// The ids of a search envelope's results, in order.
    public func searchIDs() throws -> [String] { try decode(PhotoSearchResults.self).results.map(\.id) }

    /// The `Link` header as `rel → URL`.
    public var links: [String: String] {
        guard let link = header("Link") else { return [:] }
        var result: [String: String] = [:]
        for part in link.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, pieces[0].hasPrefix("<"), pieces[0].hasSuffix(">"),
                pieces[1].hasPrefix("rel=\"")
            else { continue }
            let rel = pieces[1].dropFirst(5).dropLast()
            result[String(rel)] = String(pieces[0].dropFirst().dropLast())
        }
        return result
    }

    /// Every `Set-Cookie` for the session cookie, last one last.
    public var sessionSetCookies: [String] {
        headers[values: .setCookie].filter { $0.hasPrefix(TestServer.sessionCookieName + "=") }
    }

    /// `name=value` of the session cookie this response sets, ready for a `Cookie` header.
    public var sessionCookie: String? {
        sessionSetCookies.last.map { String($0.prefix { $0 != ";" }) }
    }

    /// The attributes of the session `Set-Cookie` (`HttpOnly`, `Max-Age=…`), as written.
    public var sessionCookieAttributes: [String] {
        guard let header = sessionSetCookies.last else { return [] }
        return header.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
