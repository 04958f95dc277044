/// A photo in one of Flickr's photo lists (search, recent, a person's, a photoset's, favourites), with the
/// `extras` asked for (reference §1.4–§1.5). The server's Flickr dialect writes it and the Flickr source reads it.
///
/// Numbers are written with the types Flickr's own answers use (`farm` and the `is*` flags as numbers, most other
/// attributes as strings) and read from either, since Flickr's types vary by member and by year.
public struct FlickrListPhoto: Codable, Sendable, Hashable {
    public var id: String
    /// The owner's NSID; photoset lists name the owner once, on the set, instead.
    public var owner: String?
    public var secret: String
    public var server: String
    public var farm: Int
    public var title: String
    public var isPublic: Int
    public var isFriend: Int
    public var isFamily: Int
    /// photosets.getPhotos: `"1"` for the set's primary photo.
    public var isPrimary: String?
    /// favorites.getList and getPublicList: when it was made a favourite, a unix time.
    public var dateFaved: String?

    // The extras, each present only when asked for.
    public var description: FlickrContent?
    /// Flickr's licence number (`"4"`); see ``FlickrLicense``.
    public var license: String?
    public var dateUpload: String?
    public var dateTaken: String?
    public var dateTakenGranularity: String?
    public var dateTakenUnknown: String?
    public var ownerName: String?
    public var iconServer: String?
    public var iconFarm: Int?
    public var originalSecret: String?
    public var originalFormat: String?
    public var lastUpdate: String?
    public var latitude: String?
    public var longitude: String?
    /// 1 (world) to 16 (street).
    public var accuracy: String?
    public var context: Int?
    public var placeID: String?
    public var woeID: String?
    public var geoIsPublic: Int?
    public var geoIsContact: Int?
    public var geoIsFriend: Int?
    public var geoIsFamily: Int?
    /// Normalised tags, space-separated.
    public var tags: String?
    public var machineTags: String?
    public var originalWidth: String?
    public var originalHeight: String?
    public var views: String?
    public var media: String?
    public var mediaStatus: String?
    public var pathAlias: String?
    /// The `url_*` sizes asked for that the photo has, smallest first.
    public var sizes: [FlickrSizedURL] = []

    public init(
        id: String, owner: String?, secret: String, server: String, farm: Int, title: String, isPublic: Int = 1,
        isFriend: Int = 0, isFamily: Int = 0
    ) {
        self.id = id
        self.owner = owner
        self.secret = secret
        self.server = server
        self.farm = farm
        self.title = title
        self.isPublic = isPublic
        self.isFriend = isFriend
        self.isFamily = isFamily
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, owner, secret, server, farm, title
        case isPublic = "ispublic"
        case isFriend = "isfriend"
        case isFamily = "isfamily"
        case isPrimary = "isprimary"
        case dateFaved = "date_faved"
        case description, license
        case dateUpload = "dateupload"
        case dateTaken = "datetaken"
        case dateTakenGranularity = "datetakengranularity"
        case dateTakenUnknown = "datetakenunknown"
        case ownerName = "ownername"
        case iconServer = "iconserver"
        case iconFarm = "iconfarm"
        case originalSecret = "originalsecret"
        case originalFormat = "originalformat"
        case lastUpdate = "lastupdate"
        case latitude, longitude, accuracy, context
        case placeID = "place_id"
        case woeID = "woeid"
        case geoIsPublic = "geo_is_public"
        case geoIsContact = "geo_is_contact"
        case geoIsFriend = "geo_is_friend"
        case geoIsFamily = "geo_is_family"
        case tags
        case machineTags = "machine_tags"
        case originalWidth = "o_width"
        case originalHeight = "o_height"
        case views, media
        case mediaStatus = "media_status"
        case pathAlias = "pathalias"
    }

    /// `url_X`, `width_X` and `height_X`, whose names come from ``FlickrURLExtra``.
    struct SizeKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
