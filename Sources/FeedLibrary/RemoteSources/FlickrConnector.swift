import FeedKit
import FeedModels
import FeedStore
import Foundation

/// Reads Flickr's REST API (JSON): a search by tags, text or place, a person's photos, or an album. Only photos
/// under a licence that allows showing them elsewhere are brought in (Creative Commons and public domain unless
/// `licenses` says otherwise); they are hotlinked from Flickr's size ladder, with the credit and the link to the
/// photo's page Flickr's terms ask for.
struct FlickrConnector: SourceConnector {
    let source: SourceRecord
    let root: URL
    let transport: any HTTPTransport

    static let perPage = 100
    /// Every size a photo may have, smallest first; the hotlink keeps those the photo has.
    static let sizeExtras: [FlickrURLExtra] = [.q, .n, .w, .z, .c, .l, .h, .k, .o]
    static let extras =
        [
            "description", "license", "date_upload", "date_taken", "owner_name", "geo", "tags", "o_dims",
            "path_alias", "last_update",
        ] + sizeExtras.map(\.extra)

    /// The licences brought in, as Flickr numbers.
    var licenses: [Int] {
        guard let chosen = source.options["licenses"] else { return PhotoLicense.shareable.map(\.flickrNumber) }
        return chosen.split(separator: ",").compactMap { Self.license(String($0))?.flickrNumber }
    }

    /// A licence named by its Flickr number or its id.
    static func license(_ text: String) -> PhotoLicense? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return Int(trimmed).flatMap(PhotoLicense.init(flickrNumber:)) ?? PhotoLicense(id: trimmed.lowercased())
    }

    func page(at cursor: String?) async throws -> (photos: [RemotePhoto], next: String?) {
        let number = cursor.flatMap(Int.init) ?? 1
        let options = source.options
        var query: [(String, String)] = [
            ("extras", Self.extras.joined(separator: ",")), ("per_page", String(Self.perPage)),
            ("page", String(number)),
        ]
        let method: String
        if let album = options["album"] {
            method = "flickr.photosets.getPhotos"
            query += [("photoset_id", album), ("user_id", options["user"] ?? "")]
        } else {
            method = "flickr.photos.search"
            query += [
                ("license", licenses.map(String.init).joined(separator: ",")), ("sort", "date-posted-desc"),
                ("content_type", "1"), ("media", "photos"),
            ]
            if let tags = options["tags"] { query.append(("tags", tags)) }
            if let text = options["text"] { query.append(("text", text)) }
            if let user = options["user"] { query.append(("user_id", user)) }
            if let lat = options["lat"], let lon = options["lon"] {
                query += [("lat", lat), ("lon", lon), ("radius", options["radius"] ?? "5"), ("radius_units", "km")]
                // Flickr answers a geo query without another limit with the last 12 hours only (reference §1.3).
                if options["tags"] == nil, options["text"] == nil { query.append(("min_upload_date", "1")) }
            }
        }
        let list: (photos: [FlickrListPhoto], pages: Int, owner: String?, ownerName: String?)
        if method == "flickr.photosets.getPhotos" {
            let set = try await call(method, query, answer: FlickrRooted<FlickrPhotosetPage>.self).record
            list = (set.photo, set.pages, set.owner, set.ownerName)
        } else {
            let page = try await call(method, query, answer: FlickrRooted<FlickrPhotoPage>.self).record
            list = (page.photo, page.pages, nil, nil)
        }
        let allowed = Set(licenses)
        // Checked here too: a photo whose licence is not among those chosen is never brought in, whatever the
        // server's filter did (photosets.getPhotos has none).
        let photos = list.photos.filter { allowed.contains($0.license.flatMap { Int($0) } ?? 0) }
            .compactMap { remotePhoto($0, owner: list.owner, ownerName: list.ownerName) }
        return (photos, list.photos.isEmpty || number >= list.pages ? nil : String(number + 1))
    }

    func stillExists(_ remoteID: String) async throws -> Bool {
        do {
            _ = try await call("flickr.photos.getInfo", [("photo_id", remoteID)], answer: FlickrEmptyAnswer.self)
            return true
        } catch let error as FlickrFailure where error.code == 1 {
            return false
        }
    }

    /// Calls `method` and reads its answer as `Answer`; a `stat="fail"` answer is thrown as its ``FlickrFailure``.
    func call<Answer: Decodable & Sendable>(
        _ method: String, _ query: [(String, String)], answer: Answer.Type
    ) async throws -> Answer {
        let url = SourceURL.make(
            root, path: "/services/rest/",
            query: [
                ("method", method), ("api_key", source.credential), ("format", "json"), ("nojsoncallback", "1"),
            ] + query)
        let data = try await transport.get(url, what: "Flickr")
        let response: FlickrResponse<Answer>
        do {
            response = try JSONDecoder().decode(FlickrResponse<Answer>.self, from: data)
        } catch {
            throw SourceError("Flickr's answer to \(method) could not be read: \(error)")
        }
        return try response.get()
    }

    /// Flickr's pages live on www.flickr.com; a stand-in server's on its own host.
    var siteRoot: String {
        root.host == "api.flickr.com" ? "https://www.flickr.com" : root.absoluteString.trimmingSuffix("/")
    }

    func remotePhoto(_ photo: FlickrListPhoto, owner: String?, ownerName: String?) -> RemotePhoto? {
        let wanted = Set(Self.sizeExtras)
        let sizes = photo.sizes.filter { wanted.contains($0.size) && $0.width > 0 && $0.height > 0 }
            .map { SizedImage(width: $0.width, height: $0.height, url: $0.url) }
            .sorted { $0.width * $0.height < $1.width * $1.height }
        guard let largest = sizes.last else { return nil }
        let ownerID = photo.owner ?? owner ?? ""
        let name = photo.ownerName ?? ownerName ?? ownerID
        let alias = photo.pathAlias.flatMap { $0.isEmpty ? nil : $0 } ?? ownerID
        let license = Self.license(photo.license ?? "0")
        let profile = "\(siteRoot)/photos/\(alias)/"
        let title = photo.title.isEmpty ? nil : photo.title
        let description = photo.description.flatMap { $0.content.isEmpty ? nil : $0.content }
        return RemotePhoto(
            remoteID: photo.id,
            author: RemoteAuthor(remoteID: ownerID, username: alias, firstName: name, profileURL: profile),
            title: title, description: description, altDescription: title?.lowercased(),
            width: photo.originalWidth.flatMap { Int($0) } ?? largest.width,
            height: photo.originalHeight.flatMap { Int($0) } ?? largest.height,
            createdAt: photo.dateUpload.flatMap { Double($0) }.map(Date.init(timeIntervalSince1970:)),
            takenAt: photo.dateTaken.flatMap(Self.takenDate),
            place: Place(
                latitude: photo.latitude.flatMap { Double($0) }.flatMap { $0 == 0 ? nil : $0 },
                longitude: photo.longitude.flatMap { Double($0) }.flatMap { $0 == 0 ? nil : $0 }),
            tags: (photo.tags ?? "").split(separator: " ").map(String.init), license: license,
            credit: PhotoSource(
                name: "Flickr", url: siteRoot + "/", photoURL: "\(profile)\(photo.id)/",
                authorName: name, authorURL: profile),
            image: .hotlink(.sized(sizes))
        )
    }

    static func takenDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.date(from: text)
    }
}
