import Foundation

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
