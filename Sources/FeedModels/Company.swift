/// Where a user works, an extension of the full user (`catch_phrase` in the Unsplash dialect's snake case).
public struct Company: Codable, Sendable, Hashable {
    public var name: String
    public var catchPhrase: String
    public var bs: String

    public init(name: String, catchPhrase: String, bs: String) {
        self.name = name
        self.catchPhrase = catchPhrase
        self.bs = bs
    }

    enum CodingKeys: String, CodingKey {
        case name, bs
        case catchPhrase = "catch_phrase"
    }
}

extension Company: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("name", name)
            json.key("catch_phrase", catchPhrase)
            json.key("bs", bs)
        }
    }
}
