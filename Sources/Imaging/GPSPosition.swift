import Foundation

/// A GPS position in decimal degrees, south and west negative.
public struct GPSPosition: Sendable, Hashable, Codable {
    /// Latitude in degrees, -90...90.
    public var latitude: Double
    /// Longitude in degrees, -180...180.
    public var longitude: Double

    /// Creates a position.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
