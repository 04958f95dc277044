import Foundation

/// `PUT /photos/:id`: the changes to one of your photos. Only the fields that are set change.
public struct PhotoEdit: Encodable, Sendable, Hashable {
    public var description: String?
    public var altDescription: String?
    /// Replaces the tags.
    public var tags: [String]?
    public var location: Place?

    public init(
        description: String? = nil, altDescription: String? = nil, tags: [String]? = nil, location: Place? = nil
    ) {
        self.description = description
        self.altDescription = altDescription
        self.tags = tags
        self.location = location
    }

    /// The body's keys: the flat `location[…]` names the API takes in forms and JSON alike.
    enum CodingKeys: String, CodingKey {
        case description, tags
        case altDescription = "alt_description"
        case name = "location[name]"
        case city = "location[city]"
        case country = "location[country]"
        case latitude = "location[latitude]"
        case longitude = "location[longitude]"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(altDescription, forKey: .altDescription)
        try container.encodeIfPresent(tags?.joined(separator: ","), forKey: .tags)
        try container.encodeIfPresent(location?.name, forKey: .name)
        try container.encodeIfPresent(location?.city, forKey: .city)
        try container.encodeIfPresent(location?.country, forKey: .country)
        try container.encodeIfPresent(location?.latitude, forKey: .latitude)
        try container.encodeIfPresent(location?.longitude, forKey: .longitude)
    }
}
