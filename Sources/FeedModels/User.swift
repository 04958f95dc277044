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
    /// Extension, only on `/me`: the language chosen for the web app and the server's pages (`ru`); absent when
    /// none is, and the browser's languages decide.
    public var language: String?
    /// Extension, only on `/me`: whether exact photo coordinates are public (otherwise rounded to about 1 km).
    public var exactLocationPublic: Bool?
    /// The social accounts, as Unsplash groups them (the same values as the top-level keys).
    public var social: UserSocial
    /// Full user only (`/users/:username`, `/me`): the counts of followers and followed people, the downloads of all
    /// their photos, whether the caller follows them and their latest photos. A full user also carries Unsplash's
    /// `badge`, `tags`, `allow_messages` and `numeric_id`, which the library has nothing to say about.
    public var followersCount: Int?
    public var followingCount: Int?
    public var downloads: Int?
    public var followedByUser: Bool?
    public var photos: [PreviewPhoto]?
    /// Only on `/me`: the account id again (`uid`), and the uploads left (the library sets no limit).
    public var uid: String?
    public var uploadsRemaining: Int?
    public var unlimitedUploads: Bool?
    /// Full user only: the stable numeric id (the id of the Flickr, Pixabay and JSONPlaceholder dialects).
    public var numericId: Int64?
    /// Extensions, full user only: the postal address and contact details (`null` when not set).
    public var address: Address?
    public var phone: String?
    public var website: String?
    public var company: Company?

    /// Whether this is a full user (the keys only a full user has are written).
    public var isFull: Bool { followersCount != nil }

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
        self.social = UserSocial(
            instagramUsername: instagramUsername, portfolioUrl: portfolioUrl, twitterUsername: nil, paypalEmail: nil
        )
    }

    enum CodingKeys: String, CodingKey {
        case id, username, name, bio, location, links, email, device, language, social, downloads, photos, badge, tags
        case uid
        case address, phone, website, company
        case followersCount = "followers_count"
        case followingCount = "following_count"
        case followedByUser = "followed_by_user"
        case allowMessages = "allow_messages"
        case numericId = "numeric_id"
        case uploadsRemaining = "uploads_remaining"
        case unlimitedUploads = "unlimited_uploads"
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
