import Foundation

/// `PUT /photos/:id`: the changes to one of your photos. Only the fields that are set change.
public struct PhotoEdit: Encodable, Sendable, Hashable {
    public var description: String?
    public var altDescription: String?
    /// Replaces the tags.
    public var tags: [String]?
    public var location: PlaceEdit?

    public init(description: String? = nil, altDescription: String? = nil, tags: [String]? = nil, location: PlaceEdit? = nil) {
        self.description = description
        self.altDescription = altDescription
        self.tags = tags
        self.location = location
    }

    /// The body's keys: the flat `location[…]` names the API takes in forms and JSON alike.
    enum CodingKeys: String, CodingKey {
        case description, tags
        case altDescription = "alt_description"
        case name = "location[name]", city = "location[city]", country = "location[country]"
        case latitude = "location[latitude]", longitude = "location[longitude]"
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

/// Where a photo was taken, as an upload or an edit gives it. Latitude and longitude go together.
public struct PlaceEdit: Sendable, Hashable {
    public var name: String?
    public var city: String?
    public var country: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(name: String? = nil, city: String? = nil, country: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// `POST /collections` and `PUT /collections/:id`: an album's title, description and privacy. On an update only the
/// fields that are set change; a new album needs a title.
public struct CollectionEdit: Codable, Sendable, Hashable {
    public var title: String?
    public var description: String?
    public var isPrivate: Bool?

    public init(title: String? = nil, description: String? = nil, isPrivate: Bool? = nil) {
        self.title = title
        self.description = description
        self.isPrivate = isPrivate
    }

    enum CodingKeys: String, CodingKey {
        case title, description
        case isPrivate = "private"
    }
}

/// `PUT /me`: changes to your profile. Only the fields that are set change; an empty string clears a field.
public struct ProfileEdit: Codable, Sendable, Hashable {
    public var username: String?
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var bio: String?
    public var location: String?
    /// The portfolio URL.
    public var url: String?
    public var instagramUsername: String?
    /// Extension: a device id from `GET /devices`, whose screen downloads are cut to.
    public var device: String?
    /// Extension: the language of the web app and the server's pages, one the server has a catalogue of (`ru`);
    /// an empty string goes back to the browser's languages.
    public var language: String?
    /// Extension: show exact photo coordinates to everyone.
    public var exactLocationPublic: Bool?

    public init(
        username: String? = nil, firstName: String? = nil, lastName: String? = nil, email: String? = nil,
        bio: String? = nil, location: String? = nil, url: String? = nil, instagramUsername: String? = nil,
        device: String? = nil, language: String? = nil, exactLocationPublic: Bool? = nil
    ) {
        self.language = language
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.bio = bio
        self.location = location
        self.url = url
        self.instagramUsername = instagramUsername
        self.device = device
        self.exactLocationPublic = exactLocationPublic
    }

    enum CodingKeys: String, CodingKey {
        case username, email, bio, location, url, device, language
        case firstName = "first_name"
        case lastName = "last_name"
        case instagramUsername = "instagram_username"
        case exactLocationPublic = "exact_location_public"
    }
}
