import Foundation

/// An operation of the ImageFeed API (`openapi.yaml`), named by its `operationId`, with its method and path template:
/// ``FeedOperation`` for those FeedKit calls, ``ServerOperation`` for the rest. The server registers a route for each
/// at ``routePath``; the spec's tests check every case's method and path.
public protocol APIOperation: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The HTTP method.
    var method: String { get }
    /// The path template, with `{name}` for each path parameter, as the spec writes it.
    var pathTemplate: String { get }
}

extension APIOperation {
    /// The path as the server's router writes it, with `:name` for each path parameter (`/photos/:id`).
    public var routePath: String {
        pathTemplate.replacingOccurrences(of: "{", with: ":").replacingOccurrences(of: "}", with: "")
    }

    /// RFC 3986's unreserved characters; everything else in a path or query value is percent-encoded.
    public static var segmentCharacters: CharacterSet { PathTemplate.segmentCharacters }
}
