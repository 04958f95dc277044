import Foundation

/// A topic: a named, curated group of photos, which a photo joins by carrying one of the topic's tags or by being in
/// one of its (public) albums.
public struct TopicRecord: Sendable, Hashable, Identifiable {
    public var id: String
    public var slug: String
    public var title: String
    public var description: String?
    public var featured: Bool
    /// Where the topic stands in the bar (`order_by=position`), smallest first.
    public var position: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var tags: [String]
    public var collectionIDs: [String]
    public var totalPhotos: Int
    /// The topic's newest photos, newest first: the first is the cover.
    public var previewPhotos: [PhotoPreview]
    /// The owners of the topic's albums: the people who curate it.
    public var owners: [UserRecord]
    /// The newest photo, as the viewer sees it.
    public var coverPhoto: PhotoRecord?
    /// The people with the most photos in it, most first (at most five); only on a single topic.
    public var topContributors: [UserRecord]?
}

/// A topic as a photo names it.
public struct TopicReference: Sendable, Hashable {
    public var id: String
    public var slug: String
    public var title: String
    public var featured: Bool
}

/// What a new or changed topic says; nil leaves a field as it is.
public struct TopicChanges: Sendable, Hashable {
    public var title: String?
    public var slug: String?
    public var description: String?
    public var tags: [String]?
    public var collectionIDs: [String]?
    public var featured: Bool?
    public var position: Int?

    public init(
        title: String? = nil, slug: String? = nil, description: String? = nil, tags: [String]? = nil,
        collectionIDs: [String]? = nil, featured: Bool? = nil, position: Int? = nil
    ) {
        self.title = title
        self.slug = slug
        self.description = description
        self.tags = tags
        self.collectionIDs = collectionIDs
        self.featured = featured
        self.position = position
    }
}

/// Topic list orders, as Unsplash names them.
public enum TopicOrder: String, Sendable, CaseIterable {
    /// Featured topics first, then by position.
    case featured
    case latest, oldest
    /// By the administrator's position, then oldest first.
    case position
}

/// The few facts of a photo that previews (album and topic previews, a profile's latest photos) show.
public struct PhotoPreview: Sendable, Hashable {
    public var id: String
    public var createdAt: Date
    public var updatedAt: Date
    public var blurHash: String?
}

/// A person as their profile shows them: the account, and what is counted about it.
public struct UserProfile: Sendable, Hashable {
    public var user: UserRecord
    public var followersCount: Int
    public var followingCount: Int
    /// Downloads of all their photos.
    public var downloads: Int
    /// Whether the person looking follows them.
    public var followedByViewer: Bool
    /// Their three newest photos.
    public var latestPhotos: [PhotoPreview]
}

/// A day as statistics count it: whole days since 1970 in UTC.
public struct StatisticsDay: Sendable, Hashable, Comparable {
    public var number: Int64

    public init(_ date: Date) {
        number = Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    public init(number: Int64) {
        self.number = number
    }

    /// Midnight UTC at the start of the day.
    public var start: Date { Date(timeIntervalSince1970: TimeInterval(number) * 86_400) }

    public static func < (lhs: StatisticsDay, rhs: StatisticsDay) -> Bool { lhs.number < rhs.number }
}

/// What is counted per photo per day.
public enum StatisticsMetric: String, Sendable, CaseIterable {
    case downloads, views, likes
}

/// One day's count in a window.
public struct StatisticsPoint: Sendable, Hashable {
    public var day: StatisticsDay
    public var value: Int
}

/// One counter's total and its values for each day of a window (oldest first, days without a count at 0).
public struct StatisticsSeries: Sendable, Hashable {
    public var total: Int
    public var days: [StatisticsPoint]

    /// What the window added.
    public var change: Int { days.reduce(0) { $0 + $1.value } }
}

/// Downloads, views and likes of a photo or of all a person's photos: totals and a window of days.
public struct Statistics: Sendable, Hashable {
    public var downloads: StatisticsSeries
    public var views: StatisticsSeries
    public var likes: StatisticsSeries
}

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

/// One view to count: a photo (by id or slug) opened in full by someone (a user id, an app and address, or an
/// address) on a day.
public struct PhotoView: Sendable, Hashable {
    public var photo: String
    public var viewer: String
    public var day: StatisticsDay

    public init(photo: String, viewer: String, day: StatisticsDay) {
        self.photo = photo
        self.viewer = viewer
        self.day = day
    }
}
