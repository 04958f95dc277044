/// The operations of the ImageFeed API (`openapi.yaml`) that FeedKit has no call for, named by their `operationId`,
/// with their methods and paths: the older paths Unsplash's client libraries still call, which the server answers as
/// one of ``FeedOperation``'s (`/photos/curated` as ``FeedOperation/listPhotos``), and the OAuth pages a browser
/// posts to or lands on. The server registers its routes with them; FeedKit reads the out-of-band page's path.
public enum ServerOperation: String, APIOperation {
    /// `/photos/search`, answered as ``FeedOperation/searchPhotos``.
    case legacySearchPhotos
    /// `/photos/curated`, answered as ``FeedOperation/listPhotos``.
    case curatedPhotos
    /// `/photos/{id}/stats`, answered as ``FeedOperation/getPhotoStatistics``.
    case legacyPhotoStatistics
    /// `/users/{username}/portfolio`: the user's portfolio link.
    case getUserPortfolio
    /// `/collections/featured`, answered as ``FeedOperation/listCollections``.
    case featuredCollections
    /// `/collections/curated`, answered as ``FeedOperation/listCollections``.
    case curatedCollections
    /// `/collections/curated/{id}`, answered as ``FeedOperation/getCollection``.
    case getCuratedCollection
    /// `/collections/curated/{id}/photos`, answered as ``FeedOperation/listCollectionPhotos``.
    case listCuratedCollectionPhotos
    /// `POST /me/avatar`, answered as ``FeedOperation/uploadAvatar`` (`PUT`).
    case uploadAvatarPost
    /// `POST /oauth/authorize`: the consent page's answer.
    case oauthDecide
    /// `/oauth/authorize/native`: the page that shows an out-of-band authorization code.
    case oauthNativeCode

    /// The HTTP method.
    public var method: String {
        switch self {
        case .uploadAvatarPost, .oauthDecide: "POST"
        default: "GET"
        }
    }

    /// The path template, with `{name}` for each path parameter, as the spec writes it.
    public var pathTemplate: String {
        switch self {
        case .legacySearchPhotos: "/photos/search"
        case .curatedPhotos: "/photos/curated"
        case .legacyPhotoStatistics: "/photos/{id}/stats"
        case .getUserPortfolio: "/users/{username}/portfolio"
        case .featuredCollections: "/collections/featured"
        case .curatedCollections: "/collections/curated"
        case .getCuratedCollection: "/collections/curated/{id}"
        case .listCuratedCollectionPhotos: "/collections/curated/{id}/photos"
        case .uploadAvatarPost: FeedOperation.uploadAvatar.pathTemplate
        case .oauthDecide: FeedOperation.oauthAuthorize.pathTemplate
        case .oauthNativeCode: FeedOperation.oauthAuthorize.pathTemplate + "/native"
        }
    }

    /// The path with each `{name}` replaced by the next of `parameters`, percent-encoded as one path segment.
    public func path(_ parameters: [String]) -> String {
        PathTemplate.fill(pathTemplate, with: parameters, operation: rawValue)
    }
}
