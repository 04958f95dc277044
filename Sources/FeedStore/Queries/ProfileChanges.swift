import Foundation
import SQLKit

/// Profile fields a user may change; nil leaves a field as it is, an empty string clears an optional one.
public struct ProfileChanges: Sendable, Hashable {
    public var username: String?
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var bio: String?
    public var location: String?
    public var portfolioURL: String?
    public var instagramUsername: String?
    /// An id of the device catalogue; an empty string clears it.
    public var deviceID: String?
    /// A language's code (`ru`); an empty string clears it (the browser's languages decide again).
    public var language: String?
    public var exactLocationPublic: Bool?
    /// Address and contact parts to change: nil leaves a part, an empty string clears it.
    public var contact = ContactDetails()

    public init(
        username: String? = nil, firstName: String? = nil, lastName: String? = nil, email: String? = nil,
        bio: String? = nil, location: String? = nil, portfolioURL: String? = nil, instagramUsername: String? = nil,
        deviceID: String? = nil, language: String? = nil, exactLocationPublic: Bool? = nil
    ) {
        self.deviceID = deviceID
        self.language = language
        self.exactLocationPublic = exactLocationPublic
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.bio = bio
        self.location = location
        self.portfolioURL = portfolioURL
        self.instagramUsername = instagramUsername
    }
}
