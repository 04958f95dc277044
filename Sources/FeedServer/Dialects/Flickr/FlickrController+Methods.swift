import FeedModels
import FeedStore
import Foundation

extension FlickrController {
    // MARK: Lists of photos

    /// `flickr.photos.search` (reference §1.3).
    func search(_ call: Call) async throws -> [FlickrNode] {
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
            guard wanted.count <= 20 else { throw FlickrError(1, "Too many tags in ALL query") }
            query.allTags = wanted
        } else {
            query.anyTags = wanted
        }
        if let userID = parameters["user_id"], !userID.isEmpty {
            guard let owner = try await user(userID, call) else { throw FlickrError(2, "Unknown user") }
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
        query.order = switch parameters["sort"] ?? "" {
        case "date-posted-asc": .posted(ascending: true)
        case "date-taken-asc": .taken(ascending: true)
        case "date-taken-desc": .taken(ascending: false)
        case "interestingness-desc", "relevance": .interesting(ascending: false)
        case "interestingness-asc": .interesting(ascending: true)
        case "date-posted-desc": .posted(ascending: false)
        default: query.near != nil ? .distance : .posted(ascending: false)
        }
        guard query.isLimiting || !query.excludedTags.isEmpty || !query.excludedWords.isEmpty else {
            throw FlickrError(3, "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.")
        }
        // Geo queries return at most 250 a page, as on Flickr.
        return try await photoList(query, call, maxPerPage: isGeo ? 250 : 500)
    }

    /// A page of the photos `query` finds, as Flickr's `<photos>` list with the call's extras.
    private func photoList(_ query: CatalogQuery, _ call: Call, maxPerPage: Int = 500) async throws -> [FlickrNode] {
        let page = try call.page(maxPerPage: maxPerPage)
        let found = try await store.catalogPhotos(query, page: page, viewerID: call.user?.id)
        return [call.presenter.photos(found, request: page, extras: call.extras)]
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
                throw FlickrError(18, "Illogical arguments: lat and lon must both be given, in degrees")
            }
            let miles = parameters["radius_units"] == "mi"
            var radius = 5.0
            if let raw = parameters["radius"], !raw.isEmpty {
                guard let value = Double(raw), value > 0, value <= (miles ? 20 : 32) else {
                    throw FlickrError(18, "Illogical arguments: radius must be more than 0 and at most \(miles ? "20 mi" : "32 km")")
                }
                radius = value
            }
            query.near = GeoQuery(latitude: latitude, longitude: longitude, radiusKilometers: miles ? radius * 1.609344 : radius)
        }
        if let bbox = parameters["bbox"], !bbox.isEmpty {
            let values = bbox.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 4, values[0] <= values[2], values[1] <= values[3], abs(values[1]) <= 90,
                abs(values[3]) <= 90, abs(values[0]) <= 180, abs(values[2]) <= 180
            else {
                throw FlickrError(18, "Illogical arguments: bbox must be minimum_longitude,minimum_latitude,maximum_longitude,maximum_latitude")
            }
            query.box = GeoBox(minLatitude: values[1], minLongitude: values[0], maxLatitude: values[3], maxLongitude: values[2])
        }
        return query.near != nil || query.box != nil
    }

    /// A date as Flickr takes it: a unix timestamp or a MySQL datetime (`YYYY-MM-DD[ HH:MM:SS]`).
    private func date(_ call: Call, _ name: String) throws -> Date? {
        guard let raw = call.parameters[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        let illogical = FlickrError(
            18, "Illogical arguments: \(name) must be a unix timestamp or YYYY-MM-DD HH:MM:SS between the years 1 and 9999")
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
    func recent(_ call: Call) async throws -> [FlickrNode] {
        try await photoList(CatalogQuery(), call)
    }

    /// `flickr.interestingness.getList`: the most liked photos.
    func interesting(_ call: Call) async throws -> [FlickrNode] {
        var query = CatalogQuery()
        query.order = .interesting(ascending: false)
        return try await photoList(query, call)
    }

    /// `flickr.people.getPublicPhotos`.
    func publicPhotos(_ call: Call) async throws -> [FlickrNode] {
        guard let owner = try await user(try call.required("user_id"), call) else { throw FlickrError.userNotFound }
        var query = CatalogQuery()
        query.ownerID = owner.id
        return try await photoList(query, call)
    }

    // MARK: One photo

    func photo(_ call: Call) async throws -> PhotoRecord {
        guard let number = Int64(try call.required("photo_id")),
            let photo = try await store.photo(number: number, viewerID: call.user?.id)
        else { throw FlickrError.photoNotFound }
        return photo
    }

    func info(_ call: Call) async throws -> [FlickrNode] { [call.presenter.info(try await photo(call))] }

    func sizes(_ call: Call) async throws -> [FlickrNode] { [call.presenter.sizes(try await photo(call))] }

    func exif(_ call: Call) async throws -> [FlickrNode] { [call.presenter.exif(try await photo(call))] }

    func location(_ call: Call) async throws -> [FlickrNode] {
        let photo = try await photo(call)
        guard let location = call.presenter.location(photo) else {
            throw FlickrError(2, "Photo has no location information.")
        }
        return [FlickrNode("photo", [("id", .text(String(photo.number)))], children: [.node(location)])]
    }

    func tagList(_ call: Call) async throws -> [FlickrNode] {
        let photo = try await photo(call)
        return [FlickrNode("photo", [("id", .text(String(photo.number)))], children: [
            .node(FlickrNode("tags", children: [.list("tag", call.presenter.tagNodes(photo))]))
        ])]
    }

    /// `flickr.tags.getHotList`: the tags most used on the photos of the last day (or week).
    func hotTags(_ call: Call) async throws -> [FlickrNode] {
        let period = call.parameters["period"] == "week" ? "week" : "day"
        let count = try call.int("count", default: 20, in: 1...200)
        let since = Date().addingTimeInterval(period == "week" ? -7 * 86_400 : -86_400)
        let tags = try await store.hotTags(since: since, limit: count)
        return [FlickrNode("hottags", [("period", .text(period)), ("count", .number(tags.count))], children: [
            .list("tag", tags.map { FlickrNode("tag", [("score", .text(String($0.count)))], content: $0.tag) })
        ])]
    }

    // MARK: People, photosets, favourites

    /// A user by nsid (`12@N01`), number, username, or `me` (the signed-in user).
    func user(_ id: String, _ call: Call) async throws -> UserRecord? {
        if id == "me" { return try call.signedIn() }
        let numeric = id.hasSuffix("@N01") ? String(id.dropLast(4)) : id
        if let number = Int64(numeric) { return try await store.user(number: number) }
        return try await store.user(username: id)
    }

    /// The user of `user_id`, or the signed-in caller when there is none (photosets and favourites lists).
    func userOrCaller(_ call: Call) async throws -> UserRecord {
        guard let id = call.parameters["user_id"], !id.isEmpty else { return try call.signedIn() }
        guard let user = try await user(id, call) else { throw FlickrError.userNotFound }
        return user
    }

    func person(_ call: Call) async throws -> [FlickrNode] {
        guard let user = try await user(try call.required("user_id"), call) else { throw FlickrError.userNotFound }
        return [call.presenter.person(user)]
    }

    /// `flickr.photosets.getList`: a user's albums (the caller's when no `user_id`); private ones only their own.
    func photosets(_ call: Call) async throws -> [FlickrNode] {
        let owner = try await userOrCaller(call)
        let page = try call.page(maxPerPage: 500, defaultPerPage: 500)
        let albums = try await store.collections(ofUsername: owner.username, page: page, viewerID: call.user?.id)
        return [FlickrNode("photosets", FlickrPresenter.paging(total: albums.total, request: page), children: [
            .list("photoset", albums.items.map(call.presenter.photoset))
        ])]
    }

    func photosetPhotos(_ call: Call) async throws -> [FlickrNode] {
        guard let number = Int64(try call.required("photoset_id")),
            let album = try await store.collection(number: number, viewerID: call.user?.id)
        else { throw FlickrError(1, "Photoset not found") }
        var query = CatalogQuery()
        query.collectionID = album.id
        query.order = .posted(ascending: true)
        let page = try call.page()
        let found = try await store.catalogPhotos(query, page: page, viewerID: call.user?.id)
        let primary = album.coverPhoto?.number
        var node = call.presenter.photos(found, request: page, extras: call.extras, name: "photoset") { photo in
            [("isprimary", .text(photo.number == primary ? "1" : "0"))]
        }
        node.attributes = [
            ("id", .text(String(album.number))), ("primary", .text(primary.map(String.init) ?? "0")),
            ("owner", .text(FlickrPresenter.nsid(album.owner))), ("ownername", .text(album.owner.username)),
            ("title", .text(album.title)), ("per_page", .number(page.size)),
        ] + node.attributes
        return [node]
    }

    /// `flickr.favorites.getList`: the photos a user (the caller when no `user_id`) likes, with `date_faved`.
    func favorites(_ call: Call) async throws -> [FlickrNode] {
        let owner = try await userOrCaller(call)
        let page = try call.page()
        let liked = try await store.favorites(ofUserID: owner.id, page: page, viewerID: call.user?.id)
        let dates = Dictionary(liked.items.map { ($0.photo.id, $0.likedAt) }, uniquingKeysWith: { first, _ in first })
        return [call.presenter.photos(
            Page(items: liked.items.map(\.photo), total: liked.total), request: page, extras: call.extras
        ) { photo in [("date_faved", .text(dates[photo.id].map(FlickrPresenter.unix) ?? ""))] }]
    }

    func addFavorite(_ call: Call) async throws -> [FlickrNode] {
        let user = try call.signedIn(write: true)
        let photo = try await photo(call)
        guard photo.owner.id != user.id else { throw FlickrError(2, "Photo is owned by you") }
        guard !photo.likedByViewer else { throw FlickrError(3, "Photo is already in favorites") }
        _ = try await store.like(photo: photo.id, by: user.id)
        return []
    }

    func removeFavorite(_ call: Call) async throws -> [FlickrNode] {
        let user = try call.signedIn(write: true)
        let photo = try await photo(call)
        guard photo.likedByViewer else { throw FlickrError(1, "Photo not in favorites") }
        _ = try await store.unlike(photo: photo.id, by: user.id)
        return []
    }

    // MARK: Tests and tokens

    /// `flickr.test.echo`: every parameter back, as Flickr does.
    func echo(_ call: Call) -> [FlickrNode] {
        call.parameters.keys.sorted().map { FlickrNode.text($0, call.parameters[$0] ?? "") }
    }

    func login(_ call: Call) throws -> [FlickrNode] {
        let user = try call.signedIn()
        return [FlickrNode("user", [("id", .text(FlickrPresenter.nsid(user)))], children: [
            .node(.text("username", user.username))
        ])]
    }

    /// `flickr.auth.oauth.checkToken`: the token the request is signed with, its permission and user.
    func checkToken(_ call: Call) throws -> [FlickrNode] {
        let user = try call.signedIn()
        return [FlickrNode("oauth", children: [
            .node(.text("token", call.token ?? "")), .node(.text("perms", call.perms ?? "read")),
            .node(FlickrNode("user", [
                ("nsid", .text(FlickrPresenter.nsid(user))), ("username", .text(user.username)),
                ("fullname", .text(user.fullName)),
            ])),
        ])]
    }
}
