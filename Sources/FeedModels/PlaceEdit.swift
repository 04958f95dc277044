import Foundation

/// Where a photo was taken, as an upload or an edit gives it. Latitude and longitude go together.
public struct PlaceEdit: Sendable, Hashable {
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
