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
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * toRadians) * cos(otherLatitude * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }

    /// A latitude/longitude box around the circle, for the index; the exact distance is checked afterwards.
    var boundingBox: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double)? {
        let latitudeDelta = radiusKilometers / 111.32
        let minLatitude = latitude - latitudeDelta
        let maxLatitude = latitude + latitudeDelta
        let cosine = cos(latitude * .pi / 180)
        guard minLatitude > -89, maxLatitude < 89, cosine > 0.01 else { return nil }
        let longitudeDelta = radiusKilometers / (111.32 * cosine)
        guard longitude - longitudeDelta > -180, longitude + longitudeDelta < 180 else { return nil }
        return (minLatitude, maxLatitude, longitude - longitudeDelta, longitude + longitudeDelta)
    }
}
