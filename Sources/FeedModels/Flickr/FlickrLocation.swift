/// Where a photo was taken (getInfo's and geo.getLocation's `<location>`): its position, how precise it is
/// (`accuracy`, 1 world to 16 street) and the named places it lies in.
public struct FlickrLocation: Codable, Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var accuracy: String
    public var context: String
    public var locality: FlickrPlaceName?
    public var region: FlickrPlaceName?
    public var country: FlickrPlaceName?
    public var placeID: String?
    public var woeID: String?

    public init(
        latitude: Double, longitude: Double, accuracy: Int, context: Int = 0, locality: FlickrPlaceName? = nil,
        region: FlickrPlaceName? = nil, country: FlickrPlaceName? = nil, placeID: String? = nil, woeID: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = String(accuracy)
        self.context = String(context)
        self.locality = locality
        self.region = region
        self.country = country
        self.placeID = placeID
        self.woeID = woeID
    }

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, accuracy, context, locality, region, country
        case placeID = "place_id"
        case woeID = "woeid"
    }
}
