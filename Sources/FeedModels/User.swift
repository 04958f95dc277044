import Foundation

/// A user as the Unsplash API shapes it: nested in photos and collections ("basic"), from `/users/:username` and
/// `/me` ("full", with the counters and, for `/me`, the email).
public struct User: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var updatedAt: Date
    public var username: String
    /// Never null: the iOS clients decode it as a non-optional string.
    public var name: String
    /// Never null (`""` when unknown) for the same reason.
    public var firstName: String
    public var lastName: String?
    public var twitterUsername: String?
    public var portfolioUrl: String?
    public var bio: String?
    public var location: String?
    public var links: UserLinks
    public var profileImage: ProfileImage
    public var instagramUsername: String?
    public var totalCollections: Int
    public var totalLikes: Int
    public var totalPhotos: Int
    public var acceptedTos: Bool
    public var forHire: Bool
    /// Only on `/me`.
    public var email: String?
    /// Extension, only on `/me`: the device chosen for wallpaper downloads.
    public var device: Device?
    /// Extension, only on `/me`: whether exact photo coordinates are public (otherwise rounded to about 1 km).
    public var exactLocationPublic: Bool?

    public init(
        id: String, updatedAt: Date, username: String, firstName: String, lastName: String?, bio: String?,
        location: String?, portfolioUrl: String?, instagramUsername: String?, links: UserLinks,
        profileImage: ProfileImage, totalCollections: Int, totalLikes: Int, totalPhotos: Int, email: String? = nil
    ) {
        self.id = id
        self.updatedAt = updatedAt
        self.username = username
        self.name = [firstName, lastName ?? ""].filter { !$0.isEmpty }.joined(separator: " ").nilIfEmpty ?? username
        self.firstName = firstName
        self.lastName = lastName
        self.twitterUsername = nil
        self.portfolioUrl = portfolioUrl
        self.bio = bio
        self.location = location
        self.links = links
        self.profileImage = profileImage
        self.instagramUsername = instagramUsername
        self.totalCollections = totalCollections
        self.totalLikes = totalLikes
        self.totalPhotos = totalPhotos
        self.acceptedTos = true
        self.forHire = false
        self.email = email
    }

    enum CodingKeys: String, CodingKey {
        case id, username, name, bio, location, links, email, device
        case exactLocationPublic = "exact_location_public"
        case updatedAt = "updated_at"
        case firstName = "first_name"
        case lastName = "last_name"
        case twitterUsername = "twitter_username"
        case portfolioUrl = "portfolio_url"
        case profileImage = "profile_image"
        case instagramUsername = "instagram_username"
        case totalCollections = "total_collections"
        case totalLikes = "total_likes"
        case totalPhotos = "total_photos"
        case acceptedTos = "accepted_tos"
        case forHire = "for_hire"
    }
}

/// Where a user lives on the API and on the web.
public struct UserLinks: Codable, Sendable, Hashable {
    public var `self`: String
    public var html: String
    public var photos: String
    public var likes: String
    public var portfolio: String

    public init(self selfLink: String, html: String, photos: String, likes: String, portfolio: String) {
        self.`self` = selfLink
        self.html = html
        self.photos = photos
        self.likes = likes
        self.portfolio = portfolio
    }
}

/// Square avatar renditions at 32, 64 and 128 pixels.
public struct ProfileImage: Codable, Sendable, Hashable {
    public var small: String
    public var medium: String
    public var large: String

    public init(small: String, medium: String, large: String) {
        self.small = small
        self.medium = medium
        self.large = large
    }
}
