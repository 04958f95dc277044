/// flickr.reflection.getMethods: the name of every method the server answers.
public struct FlickrMethodList: FlickrRootRecord, Hashable {
    public static let element = "methods"

    public var method: [FlickrContent]

    public init(names: [String]) {
        self.method = names.map { FlickrContent($0) }
    }
}
