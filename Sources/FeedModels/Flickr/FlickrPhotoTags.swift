/// flickr.tags.getListPhoto: `<photo id><tags><tag …/></tags></photo>`.
public struct FlickrPhotoTags: FlickrRootRecord, Hashable {
    public static let element = "photo"

    public var id: String
    public var tags: FlickrTagList

    public init(id: String, tags: FlickrTagList) {
        self.id = id
        self.tags = tags
    }
}
