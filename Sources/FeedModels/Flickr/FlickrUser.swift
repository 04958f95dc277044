/// A person by NSID and username: people.findByUsername, findByEmail, urls.lookupUser and test.login
/// (`<user id nsid><username>…</username></user>`).
public struct FlickrUser: FlickrRootRecord, Hashable {
    public static let element = "user"

    public var id: String
    public var nsid: String
    public var username: FlickrContent

    public init(nsid: String, username: String) {
        self.id = nsid
        self.nsid = nsid
        self.username = FlickrContent(username)
    }
}
