/// A named place a photo lies in (`<locality place_id woeid>Porto</locality>`). The library knows places by name
/// only, so the ids are empty.
public struct FlickrPlaceName: Codable, Sendable, Hashable {
    public var content: String
    public var placeID: String
    public var woeID: String

    public init(_ content: String, placeID: String = "", woeID: String = "") {
        self.content = content
        self.placeID = placeID
        self.woeID = woeID
    }

    enum CodingKeys: String, CodingKey {
        case content = "_content"
        case placeID = "place_id"
        case woeID = "woeid"
    }
}
