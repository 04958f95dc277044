import Foundation

extension FeedClient {
    /// The feed: every photo of the library (Unsplash: the editorial feed), newest first by default.
    /// - Parameters:
    ///   - sort: the order; `popular` is by likes.
    ///   - filter: shape, colour, tags and place (ImageFeed extensions on the feed).
    ///   - perPage: 1 to 30.
    public func photos(sortedBy sort: PhotoSort = .latest, filter: PhotoFilter = PhotoFilter(), perPage: Int = 30)
        -> Pages<Photo>
    {
        Pages(
            self, .listPhotos,
            query: paging(perPage) + [URLQueryItem(name: "order_by", value: sort.rawValue)]
                + filter.queryItems, decode: PageBody.array)
    }

    /// Photos of the people the signed-in user follows (ImageFeed; needs a user token).
    public func followingFeed(perPage: Int = 30) -> Pages<Photo> {
        Pages(
            self, .listPhotos, query: [URLQueryItem(name: "feed", value: "following")] + paging(perPage),
            decode: PageBody.array)
    }

    /// One photo, full: EXIF, location, tags, topics, views and downloads. Counts as a view.
    public func photo(_ id: String) async throws -> Photo {
        try await call(.getPhoto, [id])
    }

    /// Random photos (1 to 30), optionally of one person or matching a search.
    public func randomPhotos(
        count: Int = 1, query: String? = nil, username: String? = nil, orientation: PhotoOrientation? = nil
    ) async throws -> [Photo] {
        let query = [
            URLQueryItem(name: "count", value: String(count)), URLQueryItem(name: "query", value: query),
            URLQueryItem(name: "username", value: username),
            URLQueryItem(name: "orientation", value: orientation?.rawValue),
        ]
        return try await call(.randomPhoto, query: query)
    }

    /// A photo's downloads, views and likes, with their history.
    public func statistics(ofPhoto id: String) async throws -> PhotoStatistics {
        try await call(.getPhotoStatistics, [id])
    }

    /// Counts a download and returns the URL to fetch the original from, as Unsplash's guidelines ask apps to do
    /// before saving a photo.
    public func trackDownload(_ photo: Photo) async throws -> URL {
        let link: DownloadLink = try await call(.trackDownload, [photo.id])
        guard let url = URL(string: link.url) else {
            throw FeedError.invalidResponse("The download link \(link.url) is not a URL.")
        }
        return url
    }

    /// Likes a photo as the signed-in user (scope `write_likes`); returns the photo as it now is.
    ///
    /// When the answer's photo is incomplete (Unsplash has answered without the photo's `user`), the photo is read
    /// again; ``like(_:)-(Photo)`` avoids that read.
    public func like(_ photoID: String) async throws -> Photo {
        let answer: LikeAnswer = try await call(.likePhoto, [photoID])
        if let photo = answer.photo { return photo }
        return answer.applied(to: try await photo(photoID))
    }

    /// Likes `photo` as the signed-in user (scope `write_likes`); returns it with its new like count.
    public func like(_ photo: Photo) async throws -> Photo {
        try await call(.likePhoto, [photo.id], as: LikeAnswer.self).applied(to: photo)
    }

    /// Takes a like back (scope `write_likes`); returns the photo as it now is (read again if the answer's photo is
    /// incomplete, as for ``like(_:)-(String)``).
    public func unlike(_ photoID: String) async throws -> Photo {
        let answer: LikeAnswer = try await call(.unlikePhoto, [photoID])
        if let photo = answer.photo { return photo }
        return answer.applied(to: try await photo(photoID))
    }

    /// Takes a like of `photo` back (scope `write_likes`); returns it with its new like count.
    public func unlike(_ photo: Photo) async throws -> Photo {
        try await call(.unlikePhoto, [photo.id], as: LikeAnswer.self).applied(to: photo)
    }

    /// Uploads a photo as the signed-in user (ImageFeed; scope `write_photos`). The server checks the file (JPEG,
    /// PNG, WebP, HEIC or AVIF) and reads its EXIF.
    public func upload(
        _ image: Data, filename: String, contentType: String = "image/jpeg", title: String? = nil,
        description: String? = nil, tags: [String] = [], location: Place? = nil
    ) async throws -> Photo {
        var fields: [(String, String)] = []
        if let title { fields.append(("title", title)) }
        if let description { fields.append(("description", description)) }
        if !tags.isEmpty { fields.append(("tags", tags.joined(separator: ","))) }
        if let location {
            let parts: [(String, String?)] = [
                ("name", location.name), ("city", location.city), ("country", location.country),
                ("latitude", location.latitude.map { String($0) }),
                ("longitude", location.longitude.map { String($0) }),
            ]
            for case (let name, let value?) in parts { fields.append(("location[\(name)]", value)) }
        }
        let body = MultipartBody(
            fields: fields, file: (name: "file", filename: filename, contentType: contentType, data: image))
        return try await call(.uploadPhoto, body: .multipart(body))
    }

    /// Changes one of your photos (scope `write_photos`).
    public func update(photo id: String, _ changes: PhotoEdit) async throws -> Photo {
        try await call(.updatePhoto, [id], body: try .json(changes))
    }

    /// Deletes one of your photos (scope `write_photos`).
    public func delete(photo id: String) async throws {
        try await perform(.deletePhoto, [id])
    }

    /// The library's totals: photos, downloads, views, likes, photographers, pixels.
    public func libraryStatistics() async throws -> LibraryStatistics {
        try await call(.getTotalStatistics)
    }

    /// The last 30 days' counts.
    public func monthStatistics() async throws -> MonthStatistics {
        try await call(.getMonthStatistics)
    }
}
