/// flickr.auth.oauth.checkToken: the token a request is signed with, its permission and its person
/// (`<oauth><token/><perms/><user nsid username fullname/></oauth>`).
public struct FlickrTokenCheck: FlickrRootRecord, Hashable {
    public static let element = "oauth"

    public var token: FlickrContent
    public var perms: FlickrContent
    public var user: User

    public init(token: String, perms: String, user: User) {
        self.token = FlickrContent(token)
        self.perms = FlickrContent(perms)
        self.user = user
    }

    /// The token's person.
    public struct User: Codable, Sendable, Hashable {
        public var nsid: String
        public var username: String
        public var fullName: String

        public init(nsid: String, username: String, fullName: String) {
            self.nsid = nsid
            self.username = username
            self.fullName = fullName
        }

        enum CodingKeys: String, CodingKey {
            case nsid, username
            case fullName = "fullname"
        }
    }
}
