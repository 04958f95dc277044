import Foundation

extension FeedClient {
    /// Photos matching `query` (words of titles, descriptions, tags and places). Each page carries the `tags` facet
    /// of the whole result set (ImageFeed).
    public func searchPhotos(
        _ query: String, sortedBy sort: SearchSort = .relevant, filter: PhotoFilter = PhotoFilter(), perPage: Int = 30
    ) -> Pages<Photo> {
        Pages(
            self, .searchPhotos,
            query: [URLQueryItem(name: "query", value: query)] + paging(perPage)
                + [URLQueryItem(name: "order_by", value: sort.rawValue)] + filter.queryItems,
            decode: PageBody.photoSearch)
    }

    /// People whose username or name matches `query`.
    public func searchUsers(_ query: String, perPage: Int = 30) -> Pages<User> {
        Pages(
            self, .searchUsers, query: [URLQueryItem(name: "query", value: query)] + paging(perPage),
            decode: PageBody.search)
    }

    /// Albums whose title, description or photos' tags match `query`.
    public func searchCollections(_ query: String, perPage: Int = 30) -> Pages<Collection> {
        Pages(
            self, .searchCollections, query: [URLQueryItem(name: "query", value: query)] + paging(perPage),
            decode: PageBody.search)
    }
}
