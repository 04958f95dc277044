import Foundation

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
