import Foundation

/// `POST` and `DELETE /photos/:id/like` → the photo as the caller now sees it, and the caller.
public struct LikeResult: Codable, Sendable, Hashable {
    public var photo: Photo
    public var user: User

    public init(photo: Photo, user: User) {
        self.photo = photo
        self.user = user
    }
}
