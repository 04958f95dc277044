/// A record that is the one element of a Flickr answer, under `<rsp>` (`<photo>` for flickr.photos.getInfo,
/// `<photos>` for a search): its element name is said once, here, for the server that writes it and the client that
/// reads it.
public protocol FlickrRootRecord: Codable, Sendable {
    /// The element's name, and its key beside `stat` in JSON.
    static var element: String { get }
}

/// The body of an answer holding one ``FlickrRootRecord``: `{"photo": {…}}` beside `stat`.
public struct FlickrRooted<Record: FlickrRootRecord>: Codable, Sendable {
    public var record: Record

    public init(_ record: Record) {
        self.record = record
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        record = try container.decode(Record.self, forKey: Key(stringValue: Record.element))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(record, forKey: Key(stringValue: Record.element))
    }
}
