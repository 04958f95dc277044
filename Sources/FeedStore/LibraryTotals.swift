import Foundation

/// The whole library's counters (`/stats/total`).
public struct LibraryTotals: Sendable, Hashable {
    public var photos: Int
    public var downloads: Int
    public var views: Int
    public var likes: Int
    public var photographers: Int
    public var pixels: Int
    public var developers: Int
    public var applications: Int
    /// API requests counted in the rate-limit windows still kept.
    public var requests: Int
    /// Downloads and views of the last 30 days, for the per-second rates.
    public var recentDownloads: Int
    public var recentViews: Int
}
