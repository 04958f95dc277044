import Foundation

/// Where a photo was taken: names and, when known, coordinates (latitude and longitude go together). One value for
/// what an upload or an edit gives, what the library keeps and what the dialects show.
public struct Place: Sendable, Hashable, Codable {
    public var name: String?
    public var city: String?
    public var country: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(
        name: String? = nil, city: String? = nil, country: String? = nil, latitude: Double? = nil,
        longitude: Double? = nil
    ) {
        self.name = name
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }
}
