import Foundation

/// `GET /stats/total`: the library's counters, under Unsplash's names.
public struct LibraryStatistics: Codable, Sendable, Hashable {
    public var totalPhotos: Int
    public var photoDownloads: Int
    public var photos: Int
    public var downloads: Int
    public var views: Int
    public var likes: Int
    public var photographers: Int
    public var pixels: Int
    public var downloadsPerSecond: Int
    public var viewsPerSecond: Int
    public var developers: Int
    public var applications: Int
    public var requests: Int

    public init(
        photos: Int, downloads: Int, views: Int, likes: Int, photographers: Int, pixels: Int,
        downloadsPerSecond: Int, viewsPerSecond: Int, developers: Int, applications: Int, requests: Int
    ) {
        self.totalPhotos = photos
        self.photoDownloads = downloads
        self.photos = photos
        self.downloads = downloads
        self.views = views
        self.likes = likes
        self.photographers = photographers
        self.pixels = pixels
        self.downloadsPerSecond = downloadsPerSecond
        self.viewsPerSecond = viewsPerSecond
        self.developers = developers
        self.applications = applications
        self.requests = requests
    }

    enum CodingKeys: String, CodingKey {
        case photos, downloads, views, likes, photographers, pixels, developers, applications, requests
        case totalPhotos = "total_photos"
        case photoDownloads = "photo_downloads"
        case downloadsPerSecond = "downloads_per_second"
        case viewsPerSecond = "views_per_second"
    }
}
