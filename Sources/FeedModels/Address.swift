/// A user's postal address, as JSONPlaceholder shapes it (every part a string, coordinates too). An extension of
/// the Unsplash dialect's full user: `null` when no part is set, `""` for a missing part otherwise.
public struct Address: Codable, Sendable, Hashable {
    public var street: String
    public var suite: String
    public var city: String
    public var zipcode: String
    public var geo: Geo

    /// Decimal degrees, as strings.
    public struct Geo: Codable, Sendable, Hashable {
        public var lat: String
        public var lng: String

        public init(lat: String, lng: String) {
            self.lat = lat
            self.lng = lng
        }
    }

    public init(street: String, suite: String, city: String, zipcode: String, geo: Geo) {
        self.street = street
        self.suite = suite
        self.city = city
        self.zipcode = zipcode
        self.geo = geo
    }
}

extension Address: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("street", street)
            json.key("suite", suite)
            json.key("city", city)
            json.key("zipcode", zipcode)
            json.key("geo", geo)
        }
    }
}

extension Address.Geo: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("lat", lat)
            json.key("lng", lng)
        }
    }
}
