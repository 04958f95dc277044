/// flickr.profile.getProfile: a person's profile as attributes of `<profile>`; what the library does not hold is
/// `""`.
public struct FlickrProfile: FlickrRootRecord, Hashable {
    public static let element = "profile"

    public var id: String
    public var nsid: String
    public var joinDate: String
    public var occupation: String
    public var hometown: String
    public var showcaseSet: String
    public var showcaseSetTitle: String
    public var firstName: String
    public var lastName: String
    public var description: String
    public var profileDescription: String
    public var website: String
    public var city: String
    public var country: String

    public init(
        nsid: String, joinDate: String, hometown: String, firstName: String, lastName: String, description: String,
        website: String, city: String, country: String
    ) {
        self.id = nsid
        self.nsid = nsid
        self.joinDate = joinDate
        self.occupation = ""
        self.hometown = hometown
        self.showcaseSet = ""
        self.showcaseSetTitle = ""
        self.firstName = firstName
        self.lastName = lastName
        self.description = description
        self.profileDescription = description
        self.website = website
        self.city = city
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case id, nsid
        case joinDate = "join_date"
        case occupation, hometown
        case showcaseSet = "showcase_set"
        case showcaseSetTitle = "showcase_set_title"
        case firstName = "first_name"
        case lastName = "last_name"
        case description
        case profileDescription = "profile_description"
        case website, city, country
    }
}
