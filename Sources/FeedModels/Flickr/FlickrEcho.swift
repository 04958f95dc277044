/// flickr.test.echo: every parameter of the call, each as an element holding its value, in name order.
public struct FlickrEcho: Encodable, Sendable, Hashable {
    public var parameters: [String: String]

    public init(parameters: [String: String]) {
        self.parameters = parameters
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func isElementName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        // A name XML cannot hold as an element (`a b`, `1x`) is left out of both forms alike.
        for name in parameters.keys.sorted() where Self.isElementName(name) {
            try container.encode(FlickrContent(parameters[name] ?? ""), forKey: Key(stringValue: name))
        }
    }
}
