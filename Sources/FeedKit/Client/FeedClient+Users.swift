import Foundation

extension FeedClient {
    /// A person's public profile, full: follower counts, downloads and three recent photos.
    public func user(_ username: String) async throws -> User {
        try await call(.getUser, [username])
    }

    /// A person's photos.
    public func photos(
        of username: String, sortedBy sort: PhotoSort = .latest, orientation: PhotoOrientation? = nil,
        perPage: Int = 30
    ) -> Pages<Photo> {
        Pages(
            self, .listUserPhotos, [username],
            query: paging(perPage) + [
                URLQueryItem(name: "order_by", value: sort.rawValue),
                URLQueryItem(name: "orientation", value: orientation?.rawValue),
            ], decode: PageBody.array)
    }

    /// The photos a person liked, most recently liked first.
    public func likes(of username: String, perPage: Int = 30) -> Pages<Photo> {
        Pages(self, .listUserLikes, [username], query: paging(perPage), decode: PageBody.array)
    }

    /// A person's albums (their private ones too when they are the signed-in user with `read_collections`).
    public func collections(of username: String, perPage: Int = 30) -> Pages<Collection> {
        Pages(self, .listUserCollections, [username], query: paging(perPage), decode: PageBody.array)
    }

    /// A person's downloads, views and likes, with their history.
    public func statistics(ofUser username: String) async throws -> PhotoStatistics {
        try await call(.getUserStatistics, [username])
    }

    /// Follows a person as the signed-in user (scope `write_followers`); returns their profile as it now is.
    public func follow(_ username: String) async throws -> User {
        try await call(.followUser, [username])
    }

    /// Stops following a person (scope `write_followers`); returns their profile as it now is.
    public func unfollow(_ username: String) async throws -> User {
        try await call(.unfollowUser, [username])
    }

    /// The people following `username`.
    public func followers(of username: String, perPage: Int = 30) -> Pages<User> {
        Pages(self, .listFollowers, [username], query: paging(perPage), decode: PageBody.array)
    }

    /// The people `username` follows.
    public func following(_ username: String, perPage: Int = 30) -> Pages<User> {
        Pages(self, .listFollowing, [username], query: paging(perPage), decode: PageBody.array)
    }

    /// The signed-in user's own profile, with their email and device (scope `read_user`).
    public func me() async throws -> User {
        try await call(.getMe)
    }

    /// Changes the signed-in user's profile (scope `write_user`); returns it as it now is.
    public func updateMe(_ changes: ProfileEdit) async throws -> User {
        try await call(.updateMe, body: try .json(changes))
    }

    /// Replaces the signed-in user's avatar (ImageFeed; scope `write_user`).
    public func uploadAvatar(_ image: Data, filename: String = "avatar.jpg", contentType: String = "image/jpeg")
        async throws -> User
    {
        let body = MultipartBody(
            fields: [], file: (name: "avatar", filename: filename, contentType: contentType, data: image))
        return try await call(.uploadAvatar, body: .multipart(body))
    }

    /// The devices whose screens downloads can be cut to (ImageFeed).
    public func devices() async throws -> [Device] {
        try await call(.listDevices)
    }
}
