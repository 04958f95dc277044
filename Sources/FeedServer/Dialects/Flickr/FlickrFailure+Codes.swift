import FeedModels

/// The failures Flickr documents (reference §1.1–§1.2), answered with HTTP 200 and `stat="fail"`, as Flickr does
/// (clients treat any other status as a transport failure).
extension FlickrFailure {
    init(_ code: Int, _ message: String) {
        self.init(code: code, message: message)
    }

    static let invalidKey = FlickrFailure(100, "Invalid API Key (Key not found)")
    static let missingKey = FlickrFailure(100, "Invalid API Key (Key has invalid format)")
    static let invalidSignature = FlickrFailure(96, "Invalid signature")
    static let missingSignature = FlickrFailure(97, "Missing signature")
    static let invalidToken = FlickrFailure(98, "Invalid auth token")
    static let notLoggedIn = FlickrFailure(99, "User not logged in / Insufficient permissions")
    static let photoNotFound = FlickrFailure(1, "Photo not found")
    static let userNotFound = FlickrFailure(1, "User not found")
    static let photosetNotFound = FlickrFailure(1, "Photoset not found")

    static func methodNotFound(_ name: String) -> FlickrFailure { FlickrFailure(112, "Method \"\(name)\" not found") }

    static func missingArgument(_ name: String) -> FlickrFailure {
        FlickrFailure(1, "Required parameter \"\(name)\" is missing")
    }
}
