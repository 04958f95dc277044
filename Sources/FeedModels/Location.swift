import Foundation

/// Where a photo was taken.
public struct Location: Codable, Sendable, Hashable {
    enum CodingKeys: String, CodingKey {
        case name, city, country, position
    }

    public var name: String?
    public var city: String?
    public var country: String?
    public var position: Position?

    public init(name: String?, city: String?, country: String?, position: Position?) {
        self.name = name
        self.city = city
        self.country = country
        self.position = position
    }

    /// Unsplash sends `{"latitude": null, "longitude": null}` for a place without coordinates: no position.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        city = try container.decodeIfPresent(String.self, forKey: .city)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        position = try container.decodeIfPresent(OptionalPosition.self, forKey: .position)?.position
    }

    /// A position whose coordinates may be null.
    private struct OptionalPosition: Decodable {
        var latitude: Double?
        var longitude: Double?

        var position: Position? {
            guard let latitude, let longitude else { return nil }
            return Position(latitude: latitude, longitude: longitude)
        }
    }
}
