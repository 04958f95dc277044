/// A user's postal address and contact details, each part optional. JSONPlaceholder's users carry them (the albums
/// app shows the address under the name); the Unsplash dialect shows them on a full user.
public struct ContactDetails: Sendable, Hashable {
    public var street: String?
    public var suite: String?
    public var city: String?
    public var zipcode: String?
    /// Decimal degrees as the user typed them (JSONPlaceholder sends coordinates as strings).
    public var latitude: String?
    public var longitude: String?
    public var phone: String?
    public var website: String?
    public var companyName: String?
    public var companyCatchPhrase: String?
    public var companyBS: String?

    public init(
        street: String? = nil, suite: String? = nil, city: String? = nil, zipcode: String? = nil,
        latitude: String? = nil, longitude: String? = nil, phone: String? = nil, website: String? = nil,
        companyName: String? = nil, companyCatchPhrase: String? = nil, companyBS: String? = nil
    ) {
        self.street = street
        self.suite = suite
        self.city = city
        self.zipcode = zipcode
        self.latitude = latitude
        self.longitude = longitude
        self.phone = phone
        self.website = website
        self.companyName = companyName
        self.companyCatchPhrase = companyCatchPhrase
        self.companyBS = companyBS
    }

    /// Whether any part of the address is set.
    public var hasAddress: Bool {
        [street, suite, city, zipcode, latitude, longitude].contains { $0 != nil }
    }

    /// Whether any part of the company is set.
    public var hasCompany: Bool { [companyName, companyCatchPhrase, companyBS].contains { $0 != nil } }

    /// The parts in the order of the `users` columns (see `Migration.contactFields`).
    var columns: [String?] {
        [street, suite, city, zipcode, latitude, longitude, phone, website, companyName, companyCatchPhrase, companyBS]
    }

    init(columns: [String?]) {
        self.init(
            street: columns[0], suite: columns[1], city: columns[2], zipcode: columns[3], latitude: columns[4],
            longitude: columns[5], phone: columns[6], website: columns[7], companyName: columns[8],
            companyCatchPhrase: columns[9], companyBS: columns[10]
        )
    }
}
