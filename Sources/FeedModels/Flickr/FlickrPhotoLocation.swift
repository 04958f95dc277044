/// flickr.photos.geo.getLocation: `<photo id><location …/></photo>`.
public struct FlickrPhotoLocation: FlickrRootRecord, Hashable {
    public static let element = "photo"

    public var id: String
    public var location: FlickrLocation

    public init(id: String, location: FlickrLocation) {
        self.id = id
        self.location = location
    }
}
