import Foundation

/// The operations of the ImageFeed API (`openapi.yaml`) that FeedKit calls, named by their `operationId`, with
/// their methods and paths: the one place each of these paths is written. FeedKit calls through these; the server
/// registers its Unsplash routes and builds its links with them. The API's other paths, which FeedKit has no call
/// for, are ``ServerOperation``'s.
///
/// The request layer is written over FeedModels rather than generated from the spec: generated code would bring a
/// second copy of every wire model (and swift-openapi-runtime into every app), while the server and FeedKit share
/// one. What generation would guarantee, a test checks instead: each case's method and path against the spec, and
/// every FeedKit call's request against its case.
public enum FeedOperation: String, APIOperation {
    case listPhotos, randomPhoto, getPhoto, updatePhoto, deletePhoto, uploadPhoto, trackDownload
    case getPhotoStatistics, likePhoto, unlikePhoto
    case searchPhotos, searchUsers, searchCollections
    case getUser, listUserPhotos, listUserLikes, listUserCollections, getUserStatistics
    case followUser, unfollowUser, listFollowers, listFollowing
    case listCollections, createCollection, getCollection, updateCollection, deleteCollection
    case listCollectionPhotos, listRelatedCollections, addPhotoToCollection, removePhotoFromCollection
    case listTopics, getTopic, listTopicPhotos
    case getMe, updateMe, uploadAvatar, listDevices
    case getTotalStatistics, getMonthStatistics
    case oauthAuthorize, oauthToken, oauthRevoke

    /// The HTTP method.
    public var method: String {
        switch self {
        case .uploadPhoto, .likePhoto, .followUser, .createCollection, .addPhotoToCollection, .oauthToken,
            .oauthRevoke:
            "POST"
        case .updatePhoto, .updateCollection, .updateMe, .uploadAvatar:
            "PUT"
        case .deletePhoto, .unlikePhoto, .unfollowUser, .deleteCollection, .removePhotoFromCollection:
            "DELETE"
        default:
            "GET"
        }
    }

    /// The path template, with `{name}` for each path parameter, as the spec writes it.
    public var pathTemplate: String {
        switch self {
        case .listPhotos, .uploadPhoto: "/photos"
        case .randomPhoto: "/photos/random"
        case .getPhoto, .updatePhoto, .deletePhoto: "/photos/{id}"
        case .trackDownload: "/photos/{id}/download"
        case .getPhotoStatistics: "/photos/{id}/statistics"
        case .likePhoto, .unlikePhoto: "/photos/{id}/like"
        case .searchPhotos: "/search/photos"
        case .searchUsers: "/search/users"
        case .searchCollections: "/search/collections"
        case .getUser: "/users/{username}"
        case .listUserPhotos: "/users/{username}/photos"
        case .listUserLikes: "/users/{username}/likes"
        case .listUserCollections: "/users/{username}/collections"
        case .getUserStatistics: "/users/{username}/statistics"
        case .followUser, .unfollowUser: "/users/{username}/follow"
        case .listFollowers: "/users/{username}/followers"
        case .listFollowing: "/users/{username}/following"
        case .listCollections, .createCollection: "/collections"
        case .getCollection, .updateCollection, .deleteCollection: "/collections/{id}"
        case .listCollectionPhotos: "/collections/{id}/photos"
        case .listRelatedCollections: "/collections/{id}/related"
        case .addPhotoToCollection: "/collections/{id}/add"
        case .removePhotoFromCollection: "/collections/{id}/remove"
        case .listTopics: "/topics"
        case .getTopic: "/topics/{id_or_slug}"
        case .listTopicPhotos: "/topics/{id_or_slug}/photos"
        case .getMe, .updateMe: "/me"
        case .uploadAvatar: "/me/avatar"
        case .listDevices: "/devices"
        case .getTotalStatistics: "/stats/total"
        case .getMonthStatistics: "/stats/month"
        case .oauthAuthorize: "/oauth/authorize"
        case .oauthToken: "/oauth/token"
        case .oauthRevoke: "/oauth/revoke"
        }
    }

    /// Whether the operation is on the sign-in host (`unsplash.com` for Unsplash; the same server for ImageFeed).
    public var isOnAuthorizationHost: Bool {
        switch self {
        case .oauthAuthorize, .oauthToken, .oauthRevoke: true
        default: false
        }
    }

    /// The path with each `{name}` replaced by the next of `parameters`, percent-encoded as one path segment.
    public func path(_ parameters: [String]) -> String {
        PathTemplate.fill(pathTemplate, with: parameters, operation: rawValue)
    }
}
