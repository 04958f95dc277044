import Foundation

/// Every operation of the ImageFeed API (`openapi.yaml`), named by its `operationId`, with its method and path: the
/// one place a path of the API is written. FeedKit calls through these; the server registers its Unsplash routes and
/// builds its links with them.
///
/// The request layer is written over FeedModels rather than generated from the spec: generated code would bring a
/// second copy of every wire model (and swift-openapi-runtime into every app), while the server and FeedKit share
/// one. What generation would guarantee, a test checks instead: each case's method and path against the spec, and
/// every FeedKit call's request against its case.
public enum FeedOperation: String, CaseIterable, Sendable {
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

    /// The path as the server's router writes it, with `:name` for each path parameter (`/photos/:id`).
    public var routePath: String {
        pathTemplate.replacingOccurrences(of: "{", with: ":").replacingOccurrences(of: "}", with: "")
    }

    /// The path with each `{name}` replaced by the next of `parameters`, percent-encoded as one path segment.
    public func path(_ parameters: [String]) -> String {
        // Byte by byte: the server builds several links with this for every photo it lists.
        var remaining = parameters[...]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        var inName = false
        for byte in pathTemplate.utf8 {
            if inName {
                inName = byte != UInt8(ascii: "}")
                continue
            }
            guard byte == UInt8(ascii: "{") else {
                bytes.append(byte)
                continue
            }
            guard let value = remaining.popFirst() else {
                preconditionFailure("\(rawValue) needs more than \(parameters.count) path parameters: \(pathTemplate)")
            }
            // Ids, slugs and usernames need no encoding.
            if value.utf8.allSatisfy(Self.isUnreserved) {
                bytes += value.utf8
            } else {
                bytes += (value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? value).utf8
            }
            inName = true
        }
        precondition(remaining.isEmpty, "\(rawValue) takes \(parameters.count - remaining.count) path parameters")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a byte is one of RFC 3986's unreserved characters (``segmentCharacters``).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// RFC 3986's unreserved characters; everything else in a value is percent-encoded.
    public static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
