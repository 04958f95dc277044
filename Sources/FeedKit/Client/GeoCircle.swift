import Foundation

/// A circle on the map: photos taken within `radius` kilometres of a point.
public struct GeoCircle: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    /// Kilometres, above 0 and at most 100.
    public var radius: Double

    public init(latitude: Double, longitude: Double, radius: Double = 10) {
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }
}
