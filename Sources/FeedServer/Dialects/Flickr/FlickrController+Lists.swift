import FeedModels
import FeedStore
import Foundation

extension FlickrController {
    /// `flickr.photos.search` (reference §1.3).
    func search(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        let parameters = call.parameters
        var query = CatalogQuery()
        let words = (parameters["text"] ?? "").split(separator: " ").map(String.init)
        query.text = words.filter { !$0.hasPrefix("-") }.joined(separator: " ")
        query.excludedWords = words.filter { $0.hasPrefix("-") && $0.count > 1 }.map { String($0.dropFirst()) }
        let tags = (parameters["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let wanted = tags.filter { !$0.hasPrefix("-") }
        query.excludedTags = tags.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }
        if parameters["tag_mode"] == "all" {
            guard wanted.count <= 20 else { throw FlickrFailure(1, "Too many tags in ALL query") }
            query.allTags = wanted
        } else {
            query.anyTags = wanted
        }
        if let userID = parameters["user_id"], !userID.isEmpty {
            guard let owner = try await user(userID, call) else { throw FlickrFailure(2, "Unknown user") }
            query.ownerID = owner.id
        }
        let isGeo = try geo(call, into: &query)
        if let licenses = parameters["license"], !licenses.isEmpty {
            // Flickr's licence numbers, comma-separated; a number it does not have matches nothing.
            query.licenses = licenses.split(separator: ",").compactMap {
                Int($0.trimmingCharacters(in: .whitespaces)).flatMap(PhotoLicense.init(flickrNumber:))?.id
            }
        }
        if let hasGeo = parameters["has_geo"], !hasGeo.isEmpty { query.hasGeo = hasGeo == "1" || hasGeo == "true" }
        query.uploadedAfter = try date(call, "min_upload_date")
        query.uploadedBefore = try date(call, "max_upload_date")
        query.takenAfter = try date(call, "min_taken_date")
        query.takenBefore = try date(call, "max_taken_date")
        query.order =
            switch parameters["sort"] ?? "" {
            case "date-posted-asc": .posted(ascending: true)
            case "date-taken-asc": .taken(ascending: true)
            case "date-taken-desc": .taken(ascending: false)
            case "interestingness-desc", "relevance": .interesting(ascending: false)
            case "interestingness-asc": .interesting(ascending: true)
            case "date-posted-desc": .posted(ascending: false)
            default: query.near != nil ? .distance : .posted(ascending: false)
            }
        guard query.isLimiting || !query.excludedTags.isEmpty || !query.excludedWords.isEmpty else {
            throw FlickrFailure(
                3, "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.")
        }
        // Geo queries return at most 250 a page, as on Flickr.
        return try await photoList(query, call, maxPerPage: isGeo ? 250 : 500)
    }

    /// A page of the photos `query` finds, as Flickr's `<photos>` list with the call's extras.
    private func photoList(_ query: CatalogQuery, _ call: Call, maxPerPage: Int = 500) async throws -> FlickrRooted<
        FlickrPhotoPage
    > {
        let page = try call.page(maxPerPage: maxPerPage)
        let found = try await store.catalogPhotos(query, page: page, viewerID: call.user?.id)
        return FlickrRooted(call.presenter.photos(found, request: page, extras: call.extras))
    }

    /// Reads `lat`/`lon`/`radius`/`radius_units` and `bbox`; true when the search is a geo query.
    private func geo(_ call: Call, into query: inout CatalogQuery) throws -> Bool {
        let parameters = call.parameters
        let latitude = parameters["lat"].flatMap { $0.isEmpty ? nil : $0 }
        let longitude = parameters["lon"].flatMap { $0.isEmpty ? nil : $0 }
        if latitude != nil || longitude != nil {
            guard let latitude = latitude.flatMap(Double.init), let longitude = longitude.flatMap(Double.init),
                abs(latitude) <= 90, abs(longitude) <= 180
            else {
                throw FlickrFailure(18, "Illogical arguments: lat and lon must both be given, in degrees")
            }
            let miles = parameters["radius_units"] == "mi"
            var radius = 5.0
            if let raw = parameters["radius"], !raw.isEmpty {
                guard let value = Double(raw), value > 0, value <= (miles ? 20 : 32) else {
                    throw FlickrFailure(
                        18, "Illogical arguments: radius must be more than 0 and at most \(miles ? "20 mi" : "32 km")")
                }
                radius = value
            }
            query.near = GeoQuery(
                latitude: latitude, longitude: longitude, radiusKilometers: miles ? radius * 1.609344 : radius)
        }
        if let bbox = parameters["bbox"], !bbox.isEmpty {
            let values = bbox.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 4, values[0] <= values[2], values[1] <= values[3], abs(values[1]) <= 90,
                abs(values[3]) <= 90, abs(values[0]) <= 180, abs(values[2]) <= 180
            else {
                throw FlickrFailure(
                    18,
                    "Illogical arguments: bbox must be minimum_longitude,minimum_latitude,maximum_longitude,maximum_latitude"
                )
            }
            query.box = GeoBox(
                minLatitude: values[1], minLongitude: values[0], maxLatitude: values[3], maxLongitude: values[2])
        }
        return query.near != nil || query.box != nil
    }

    /// A date as Flickr takes it: a unix timestamp or a MySQL datetime (`YYYY-MM-DD[ HH:MM:SS]`).
    private func date(_ call: Call, _ name: String) throws -> Date? {
        guard let raw = call.parameters[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        let illogical = FlickrFailure(
            18,
            "Illogical arguments: \(name) must be a unix timestamp or YYYY-MM-DD HH:MM:SS between the years 1 and 9999")
        // Years 1 to 9999: a date outside them (1e300, inf, nan) cannot be stored as whole seconds.
        if let seconds = Double(raw) {
            guard seconds.isFinite, (-62_135_596_800...253_402_300_799).contains(seconds) else { throw illogical }
            return Date(timeIntervalSince1970: seconds)
        }
        let parts = raw.split(whereSeparator: { "- :".contains($0) }).compactMap { Int($0) }
        guard parts.count == 3 || parts.count == 6, (1...9999).contains(parts[0]), (1...12).contains(parts[1]),
            (1...31).contains(parts[2])
        else { throw illogical }
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        if parts.count == 6 { (components.hour, components.minute, components.second) = (parts[3], parts[4], parts[5]) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }

    /// `flickr.photos.getRecent`: the newest photos.
    func recent(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        try await photoList(CatalogQuery(), call)
    }

    /// `flickr.interestingness.getList`: the most liked photos.
    func interesting(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        var query = CatalogQuery()
        query.order = .interesting(ascending: false)
        return try await photoList(query, call)
    }

    /// `flickr.people.getPublicPhotos`.
    func publicPhotos(_ call: Call) async throws -> FlickrRooted<FlickrPhotoPage> {
        let owner = try await requiredUser(call)
        var query = CatalogQuery()
        query.ownerID = owner.id
        return try await photoList(query, call)
    }

}
