import Foundation

/// `GET /photos/:id/statistics`, `GET /users/:username/statistics` and a photo's `statistics` with `stats=true`:
/// downloads, views and likes. `id` names the photo or user, `username` the user; a photo's embedded statistics
/// have neither.
public struct PhotoStatistics: Codable, Sendable, Hashable {
    public var id: String?
    public var username: String?
    public var downloads: StatisticsCounter
    public var views: StatisticsCounter
    public var likes: StatisticsCounter

    public init(
        id: String? = nil, username: String? = nil, downloads: StatisticsCounter, views: StatisticsCounter,
        likes: StatisticsCounter
    ) {
        self.id = id
        self.username = username
        self.downloads = downloads
        self.views = views
        self.likes = likes
    }
}
