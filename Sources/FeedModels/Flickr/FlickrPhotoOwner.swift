/// A photo's owner in flickr.photos.getInfo: `<owner nsid username realname location iconserver iconfarm
/// path_alias />`.
public struct FlickrPhotoOwner: Codable, Sendable, Hashable {
    public var nsid: String
    public var username: String
    public var realName: String
    public var location: String
    /// `"0"` for someone without a picture (Flickr's default buddy icon).
    public var iconServer: String
    public var iconFarm: Int
    public var pathAlias: String

    public init(
        nsid: String, username: String, realName: String, location: String, iconServer: String, iconFarm: Int,
        pathAlias: String
    ) {
        self.nsid = nsid
        self.username = username
        self.realName = realName
        self.location = location
        self.iconServer = iconServer
        self.iconFarm = iconFarm
        self.pathAlias = pathAlias
    }

    enum CodingKeys: String, CodingKey {
        case nsid, username
        case realName = "realname"
        case location
        case iconServer = "iconserver"
        case iconFarm = "iconfarm"
        case pathAlias = "path_alias"
    }
}
