import FeedModels
import Foundation
import SQLKit

/// Filters the feed and search share.
public struct PhotoFilter: Sendable, Hashable {
    public var orientation: PhotoOrientation?
    /// One of Unsplash's colour names.
    public var colorName: String?
    /// Every tag must match.
    public var tags: [String]
    /// Only photos taken in this circle, nearest first.
    public var near: GeoQuery?
    /// Only photos of these topics (ids), any of them.
    public var topicIDs: [String]
    /// Only photos of the people this user (an id) follows.
    public var followedBy: String?

    public init(
        orientation: PhotoOrientation? = nil, colorName: String? = nil, tags: [String] = [], near: GeoQuery? = nil,
        topicIDs: [String] = [], followedBy: String? = nil
    ) {
        self.orientation = orientation
        self.colorName = colorName
        self.tags = tags
        self.near = near
        self.topicIDs = topicIDs
        self.followedBy = followedBy
    }

    /// WHERE conditions on photos `p`.
    var conditions: [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if let orientation { conditions.append("p.orientation = \(bind: orientation.rawValue)") }
        if let colorName { conditions.append("p.color_name = \(bind: colorName)") }
        for tag in tags {
            conditions.append("p.id IN (SELECT photo_id FROM photo_tags WHERE tag = \(bind: tag.lowercased()))")
        }
        if !topicIDs.isEmpty { conditions.append(LibraryStore.inTopics(topicIDs)) }
        if let followedBy {
            conditions.append("p.user_id IN (SELECT followee_id FROM follows WHERE follower_id = \(bind: followedBy))")
        }
        if let near {
            conditions.append("p.latitude IS NOT NULL AND p.longitude IS NOT NULL")
            if let box = near.boundingBox {
                conditions.append(
                    """
                    p.latitude BETWEEN \(bind: box.minLatitude) AND \(bind: box.maxLatitude) \
                    AND p.longitude BETWEEN \(bind: box.minLongitude) AND \(bind: box.maxLongitude)
                    """
                )
            }
        }
        return conditions
    }
}
