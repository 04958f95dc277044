/// A Flickr JSON answer as a client reads it: the body when `stat` is `ok`, the failure otherwise.
public enum FlickrResponse<Body: Decodable & Sendable>: Decodable, Sendable {
    case ok(Body)
    case fail(FlickrFailure)

    enum CodingKeys: String, CodingKey {
        case stat
    }

    public init(from decoder: any Decoder) throws {
        let stat = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .stat)
        self = stat == "ok" ? .ok(try Body(from: decoder)) : .fail(try FlickrFailure(from: decoder))
    }

    /// The body, or the failure thrown.
    public func get() throws(FlickrFailure) -> Body {
        switch self {
        case .ok(let body): return body
        case .fail(let failure): throw failure
        }
    }
}
