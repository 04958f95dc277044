import Foundation

/// The answer to a like or unlike, read leniently: this server sends a whole photo (LikeResult), while Unsplash's
/// recorded answer (reference §3.5) has a photo without its `user`. The counts are read either way.
struct LikeAnswer: Decodable {
    /// The whole photo, when the answer has one.
    var photo: Photo?
    var likes: Int
    var likedByUser: Bool

    private enum Keys: String, CodingKey {
        case photo
    }

    private enum PhotoKeys: String, CodingKey {
        case likes
        case likedByUser = "liked_by_user"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let counts = try container.nestedContainer(keyedBy: PhotoKeys.self, forKey: .photo)
        likes = try counts.decode(Int.self, forKey: .likes)
        likedByUser = try counts.decode(Bool.self, forKey: .likedByUser)
        photo = try? container.decode(Photo.self, forKey: .photo)
    }

    /// `photo` as the answer left it: the answer's photo if whole, else `photo` with the new counts.
    func applied(to photo: Photo) -> Photo {
        if let whole = self.photo { return whole }
        var updated = photo
        updated.likes = likes
        updated.likedByUser = likedByUser
        return updated
    }
}
