/// One Flickr answer, ready to be written as XML (`format=rest`) or as JSON (`format=json`).
///
/// Flickr writes one tree in both forms (flickr.com/services/api/response.json.html): an element's attributes
/// become string or number members, its text becomes `_content`, a child element becomes an object and a repeated
/// child an array (even of one element, or none). ``FlickrEncoder`` builds the tree from a `Codable` record, so the
/// two forms agree by construction, as Flickr's do.
public indirect enum FlickrTree: Sendable, Hashable {
    /// An attribute written as text: `"ispublic"` in XML, a JSON string.
    case text(String)
    /// An attribute written as a whole number: JSON `1`, XML `"1"`.
    case integer(Int)
    /// An attribute written as a number with a fraction (getInfo's coordinates).
    case decimal(Double)
    /// An element: its members in the order written. Scalar members are its attributes, `_content` its text,
    /// element members its children and list members its repeated children.
    case element([Member])
    /// A repeated element: an array in JSON, the same element once per item in XML.
    case list([FlickrTree])

    /// A named member of an element.
    public struct Member: Sendable, Hashable {
        public var name: String
        public var value: FlickrTree

        public init(_ name: String, _ value: FlickrTree) {
            self.name = name
            self.value = value
        }
    }

    /// The member that holds an element's text.
    public static let contentKey = "_content"

    /// The members of an element; empty for anything else.
    public var members: [Member] {
        if case .element(let members) = self { return members }
        return []
    }

    /// The member named `name`, if this is an element that has one.
    public subscript(name: String) -> FlickrTree? {
        members.first { $0.name == name }?.value
    }

    /// A scalar as XML writes it; nil for elements and lists.
    var scalarText: String? {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): Self.decimalText(number)
        case .element, .list: nil
        }
    }

    /// The shortest text that reads back as `number`, without an exponent for the values Flickr writes
    /// (coordinates); `0` for values JSON cannot carry.
    public static func decimalText(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
