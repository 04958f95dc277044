/// flickr.photos.getExif: the camera and the EXIF tags the library read from the file.
public struct FlickrPhotoExif: FlickrRootRecord, Hashable {
    public static let element = "photo"

    public var id: String
    public var secret: String
    public var server: String
    public var farm: Int
    /// Make and model, `""` when unknown.
    public var camera: String
    public var exif: [Entry]

    public init(id: String, secret: String, server: String, farm: Int, camera: String, exif: [Entry]) {
        self.id = id
        self.secret = secret
        self.server = server
        self.farm = farm
        self.camera = camera
        self.exif = exif
    }

    /// One tag: where it lives (`TIFF`, `ExifIFD`), its name and label, its raw value and, where there is one, a
    /// readable form (`f/9.0`).
    public struct Entry: Codable, Sendable, Hashable {
        public var tagSpace: String
        public var tagSpaceID: Int
        public var tag: String
        public var label: String
        public var raw: FlickrContent
        public var clean: FlickrContent?

        public init(tagSpace: String, tagSpaceID: Int, tag: String, label: String, raw: String, clean: String?) {
            self.tagSpace = tagSpace
            self.tagSpaceID = tagSpaceID
            self.tag = tag
            self.label = label
            self.raw = FlickrContent(raw)
            self.clean = clean.map { FlickrContent($0) }
        }

        enum CodingKeys: String, CodingKey {
            case tagSpace = "tagspace"
            case tagSpaceID = "tagspaceid"
            case tag, label, raw, clean
        }
    }
}
