/// One photo in full, flickr.photos.getInfo (reference §1.5, Flickr's recorded answer): every element Flickr always
/// sends — `editability`, `publiceditability`, `usage`, `people`, empty `notes` included — and `permissions`,
/// `location` and `geoperms` when they apply.
public struct FlickrPhotoInfo: FlickrRootRecord, Hashable {
    public static let element = "photo"

    public var id: String
    public var secret: String
    public var server: String
    public var farm: Int
    public var dateUploaded: String
    public var isFavorite: Int
    public var license: String
    public var safetyLevel: String
    public var rotation: Int
    public var originalSecret: String
    public var originalFormat: String
    public var views: String
    public var media: String
    public var owner: FlickrPhotoOwner
    public var title: FlickrContent
    public var description: FlickrContent
    public var visibility: Visibility
    public var dates: Dates
    /// Only for the photo's owner.
    public var permissions: Permissions?
    public var editability: Editability
    public var publicEditability: Editability
    public var usage: Usage
    public var comments: FlickrContent
    public var notes: Notes
    public var people: People
    public var tags: FlickrTagList
    public var location: FlickrLocation?
    public var geoPerms: GeoPerms?
    public var urls: FlickrURLList

    public init(
        id: String, secret: String, server: String, farm: Int, dateUploaded: String, isFavorite: Int,
        license: String, safetyLevel: String = "0", rotation: Int = 0, originalSecret: String,
        originalFormat: String, views: String, media: String = "photo", owner: FlickrPhotoOwner,
        title: FlickrContent, description: FlickrContent, visibility: Visibility, dates: Dates,
        permissions: Permissions?, editability: Editability, publicEditability: Editability, usage: Usage,
        comments: FlickrContent, notes: Notes = Notes(), people: People, tags: FlickrTagList,
        location: FlickrLocation?, geoPerms: GeoPerms?, urls: FlickrURLList
    ) {
        self.id = id
        self.secret = secret
        self.server = server
        self.farm = farm
        self.dateUploaded = dateUploaded
        self.isFavorite = isFavorite
        self.license = license
        self.safetyLevel = safetyLevel
        self.rotation = rotation
        self.originalSecret = originalSecret
        self.originalFormat = originalFormat
        self.views = views
        self.media = media
        self.owner = owner
        self.title = title
        self.description = description
        self.visibility = visibility
        self.dates = dates
        self.permissions = permissions
        self.editability = editability
        self.publicEditability = publicEditability
        self.usage = usage
        self.comments = comments
        self.notes = notes
        self.people = people
        self.tags = tags
        self.location = location
        self.geoPerms = geoPerms
        self.urls = urls
    }

    enum CodingKeys: String, CodingKey {
        case id, secret, server, farm
        case dateUploaded = "dateuploaded"
        case isFavorite = "isfavorite"
        case license
        case safetyLevel = "safety_level"
        case rotation
        case originalSecret = "originalsecret"
        case originalFormat = "originalformat"
        case views, media, owner, title, description, visibility, dates, permissions, editability
        case publicEditability = "publiceditability"
        case usage, comments, notes, people, tags, location
        case geoPerms = "geoperms"
        case urls
    }

    /// Who may see the photo.
    public struct Visibility: Codable, Sendable, Hashable {
        public var isPublic: Int
        public var isFriend: Int
        public var isFamily: Int

        public init(isPublic: Int = 1, isFriend: Int = 0, isFamily: Int = 0) {
            self.isPublic = isPublic
            self.isFriend = isFriend
            self.isFamily = isFamily
        }

        enum CodingKeys: String, CodingKey {
            case isPublic = "ispublic"
            case isFriend = "isfriend"
            case isFamily = "isfamily"
        }
    }

    /// Posted (unix time), taken (MySQL datetime) and last changed (unix time).
    public struct Dates: Codable, Sendable, Hashable {
        public var posted: String
        public var taken: String
        public var takenGranularity: String
        public var takenUnknown: String
        public var lastUpdate: String

        public init(
            posted: String, taken: String, takenGranularity: String = "0", takenUnknown: String, lastUpdate: String
        ) {
            self.posted = posted
            self.taken = taken
            self.takenGranularity = takenGranularity
            self.takenUnknown = takenUnknown
            self.lastUpdate = lastUpdate
        }

        enum CodingKeys: String, CodingKey {
            case posted, taken
            case takenGranularity = "takengranularity"
            case takenUnknown = "takenunknown"
            case lastUpdate = "lastupdate"
        }
    }

    /// Who may comment and add notes and tags (0 nobody … 3 everybody); only the owner sees it.
    public struct Permissions: Codable, Sendable, Hashable {
        public var permComment: Int
        public var permAddMeta: Int

        public init(permComment: Int, permAddMeta: Int) {
            self.permComment = permComment
            self.permAddMeta = permAddMeta
        }

        enum CodingKeys: String, CodingKey {
            case permComment = "permcomment"
            case permAddMeta = "permaddmeta"
        }
    }

    /// Whether the caller (`editability`) or anybody (`publiceditability`) may comment or add notes and tags.
    public struct Editability: Codable, Sendable, Hashable {
        public var canComment: Int
        public var canAddMeta: Int

        public init(canComment: Int, canAddMeta: Int) {
            self.canComment = canComment
            self.canAddMeta = canAddMeta
        }

        enum CodingKeys: String, CodingKey {
            case canComment = "cancomment"
            case canAddMeta = "canaddmeta"
        }
    }

    /// What the owner allows others to do with the photo.
    public struct Usage: Codable, Sendable, Hashable {
        public var canDownload: Int
        public var canBlog: Int
        public var canPrint: Int
        public var canShare: Int

        public init(canDownload: Int, canBlog: Int, canPrint: Int, canShare: Int) {
            self.canDownload = canDownload
            self.canBlog = canBlog
            self.canPrint = canPrint
            self.canShare = canShare
        }

        enum CodingKeys: String, CodingKey {
            case canDownload = "candownload"
            case canBlog = "canblog"
            case canPrint = "canprint"
            case canShare = "canshare"
        }
    }

    /// Notes drawn on the photo; the library has none, so the list is empty, as Flickr sends it.
    public struct Notes: Codable, Sendable, Hashable {
        public var note: [FlickrNote]

        public init(note: [FlickrNote] = []) {
            self.note = note
        }
    }

    /// Whether people are tagged in the photo.
    public struct People: Codable, Sendable, Hashable {
        public var hasPeople: Int

        public init(hasPeople: Int) {
            self.hasPeople = hasPeople
        }

        enum CodingKeys: String, CodingKey {
            case hasPeople = "haspeople"
        }
    }

    /// Who may see the photo's position.
    public struct GeoPerms: Codable, Sendable, Hashable {
        public var isPublic: Int
        public var isContact: Int
        public var isFriend: Int
        public var isFamily: Int

        public init(isPublic: Int, isContact: Int = 0, isFriend: Int = 0, isFamily: Int = 0) {
            self.isPublic = isPublic
            self.isContact = isContact
            self.isFriend = isFriend
            self.isFamily = isFamily
        }

        enum CodingKeys: String, CodingKey {
            case isPublic = "ispublic"
            case isContact = "iscontact"
            case isFriend = "isfriend"
            case isFamily = "isfamily"
        }
    }
}
