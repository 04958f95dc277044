import Foundation

/// `GET /stats/month`: the library's last 30 days.
public struct MonthStatistics: Codable, Sendable, Hashable {
    public var downloads: Int
    public var views: Int
    public var likes: Int
    public var newPhotos: Int
    public var newPhotographers: Int
    public var newPixels: Int
    public var newDevelopers: Int
    public var newApplications: Int
    public var newRequests: Int

    public init(
        downloads: Int, views: Int, likes: Int, newPhotos: Int, newPhotographers: Int, newPixels: Int,
        newDevelopers: Int, newApplications: Int, newRequests: Int
    ) {
        self.downloads = downloads
        self.views = views
        self.likes = likes
        self.newPhotos = newPhotos
        self.newPhotographers = newPhotographers
        self.newPixels = newPixels
        self.newDevelopers = newDevelopers
        self.newApplications = newApplications
        self.newRequests = newRequests
    }

    enum CodingKeys: String, CodingKey {
        case downloads, views, likes
        case newPhotos = "new_photos"
        case newPhotographers = "new_photographers"
        case newPixels = "new_pixels"
        case newDevelopers = "new_developers"
        case newApplications = "new_applications"
        case newRequests = "new_requests"
    }
}
