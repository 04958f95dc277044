import Foundation

/// Downloads, views and likes of a photo or of all a person's photos: totals and a window of days.
public struct Statistics: Sendable, Hashable {
    public var downloads: StatisticsSeries
    public var views: StatisticsSeries
    public var likes: StatisticsSeries
}
