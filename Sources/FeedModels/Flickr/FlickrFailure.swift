/// A Flickr call that failed: HTTP 200 with `stat="fail"`, a code and a message (reference §1.1). JSON puts
/// them beside `stat` (`{"stat":"fail","code":112,"message":"…"}`); XML in an `<err code msg>` element.
public struct FlickrFailure: Codable, Sendable, Hashable, Error {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case stat, code, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decodeFlickrIntIfPresent(forKey: .code) ?? 0
        message = try container.decodeFlickrStringIfPresent(forKey: .message) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("fail", forKey: .stat)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }

    /// The JSON answer.
    public var json: [UInt8] {
        FlickrTree.element([
            .init("stat", .text("fail")), .init("code", .integer(code)), .init("message", .text(message)),
        ]).json
    }

    /// The XML answer (`format=rest`).
    public var xml: [UInt8] {
        let xml = """
            <?xml version="1.0" encoding="utf-8" ?>
            <rsp stat="fail">
            \t<err code="\(code)" msg="\(FlickrTree.escape(message))" />
            </rsp>

            """
        return Array(xml.utf8)
    }
}
