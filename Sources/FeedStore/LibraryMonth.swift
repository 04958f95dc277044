import Foundation

/// The library's last 30 days (`/stats/month`).
public struct LibraryMonth: Sendable, Hashable {
    public var downloads: Int
    public var views: Int
    public var likes: Int
    public var newPhotos: Int
    public var newPhotographers: Int
    public var newPixels: Int
    public var newDevelopers: Int
    public var newApplications: Int
    public var newRequests: Int
}
