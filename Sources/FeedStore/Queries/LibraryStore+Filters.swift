import FeedModels
import Foundation
import SQLKit

/// A circle on the map: photos taken within `radiusKilometers` of a point.
public struct GeoQuery: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var radiusKilometers: Double

    public init(latitude: Double, longitude: Double, radiusKilometers: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKilometers = radiusKilometers
    }

    static let earthRadius = 6371.0088

    /// Great-circle distance in kilometres (haversine).
    public func distance(latitude otherLatitude: Double, longitude otherLongitude: Double) -> Double {
        let toRadians = Double.pi / 180
        let dLat = (otherLatitude - latitude) * toRadians
        let dLon = (otherLongitude - longitude) * toRadians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * toRadians) * cos(otherLatitude * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }

    /// A latitude/longitude box around the circle, for the index; the exact distance is checked afterwards.
    var boundingBox: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double)? {
        let latitudeDelta = radiusKilometers / 111.32
        let minLatitude = latitude - latitudeDelta, maxLatitude = latitude + latitudeDelta
        let cosine = cos(latitude * .pi / 180)
        guard minLatitude > -89, maxLatitude < 89, cosine > 0.01 else { return nil }
        let longitudeDelta = radiusKilometers / (111.32 * cosine)
        guard longitude - longitudeDelta > -180, longitude + longitudeDelta < 180 else { return nil }
        return (minLatitude, maxLatitude, longitude - longitudeDelta, longitude + longitudeDelta)
    }
}

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

extension LibraryStore {
    /// Photos matching `conditions` within `geo`, nearest first: the index narrows to a box, the exact distance is
    /// computed here. Returns one page and the number of matches.
    func nearby(
        _ conditions: [SQLQueryString], geo: GeoQuery, page: PageRequest, viewerID: String?, on db: any SQLDatabase
    ) async throws -> Page<PhotoRecord> {
        try await nearbyMatches(conditions, geo: geo, page: page, viewerID: viewerID, on: db).page
    }

    /// ``nearby(_:geo:page:viewerID:on:)`` with the ids of every match, nearest first.
    func nearbyMatches(
        _ conditions: [SQLQueryString], geo: GeoQuery, page: PageRequest, viewerID: String?, on db: any SQLDatabase
    ) async throws -> (page: Page<PhotoRecord>, ids: [String]) {
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let rows = try await db.raw("SELECT p.id, p.latitude, p.longitude FROM photos p\(whereClause)").all()
        var matches: [(id: String, distance: Double)] = []
        for row in rows {
            let distance = geo.distance(
                latitude: try row.decode(column: "latitude", as: Double.self),
                longitude: try row.decode(column: "longitude", as: Double.self)
            )
            if distance <= geo.radiusKilometers { matches.append((try row.decode(column: "id", as: String.self), distance)) }
        }
        matches.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        let slice = matches.dropFirst(page.offset).prefix(page.size).map(\.id)
        let ids = matches.map(\.id)
        guard !slice.isEmpty else { return (Page(items: [], total: matches.count), ids) }
        let records = try await photos(
            "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.id IN (\(binds: Array(slice)))",
            viewerID: viewerID, on: db
        )
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return (Page(items: slice.compactMap { byID[$0] }, total: matches.count), ids)
    }
}
