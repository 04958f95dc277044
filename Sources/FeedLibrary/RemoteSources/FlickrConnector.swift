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
    static let sizeExtras = ["q", "n", "w", "z", "c", "b", "l", "h", "k", "o"]
    static let extras = ["description", "license", "date_upload", "date_taken", "owner_name", "geo", "tags", "o_dims",
                         "path_alias", "last_update"] + sizeExtras.map { "url_" + $0 }

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
            query += [("license", licenses.map(String.init).joined(separator: ",")), ("sort", "date-posted-desc"),
                      ("content_type", "1"), ("media", "photos")]
            if let tags = options["tags"] { query.append(("tags", tags)) }
            if let text = options["text"] { query.append(("text", text)) }
            if let user = options["user"] { query.append(("user_id", user)) }
            if let lat = options["lat"], let lon = options["lon"] {
                query += [("lat", lat), ("lon", lon), ("radius", options["radius"] ?? "5"), ("radius_units", "km")]
                // Flickr answers a geo query without another limit with the last 12 hours only (reference §1.3).
                if options["tags"] == nil, options["text"] == nil { query.append(("min_upload_date", "1")) }
            }
        }
        let answer = try await call(method, query)
        guard let list = answer.photos ?? answer.photoset else {
            throw SourceError("Flickr's answer to \(method) has no photos.")
        }
        let allowed = Set(licenses)
        // Checked here too: a photo whose licence is not among those chosen is never brought in, whatever the
        // server's filter did (photosets.getPhotos has none).
        let photos = list.photo.filter { allowed.contains($0.license.flatMap { Int($0.text) } ?? 0) }
            .compactMap { remotePhoto($0, owner: list.owner, ownerName: list.ownername) }
        let pages = list.pages?.int ?? number
        return (photos, list.photo.isEmpty || number >= pages ? nil : String(number + 1))
    }

    func stillExists(_ remoteID: String) async throws -> Bool {
        do {
            _ = try await call("flickr.photos.getInfo", [("photo_id", remoteID)])
            return true
        } catch let error as FlickrFailure where error.code == 1 {
            return false
        }
    }

    func call(_ method: String, _ query: [(String, String)]) async throws -> FlickrAnswer {
        let url = SourceURL.make(root, path: "/services/rest/", query: [
            ("method", method), ("api_key", source.credential), ("format", "json"), ("nojsoncallback", "1"),
        ] + query)
        let data = try await transport.get(url, what: "Flickr")
        let answer: FlickrAnswer
        do {
            answer = try JSONDecoder().decode(FlickrAnswer.self, from: data)
        } catch {
            throw SourceError("Flickr's answer to \(method) could not be read: \(error)")
        }
        guard answer.stat == "ok" else {
            throw FlickrFailure(code: answer.code ?? 0, message: answer.message ?? "Flickr refused \(method).")
        }
        return answer
    }

    /// Flickr's pages live on www.flickr.com; a stand-in server's on its own host.
    var siteRoot: String {
        root.host == "api.flickr.com" ? "https://www.flickr.com" : root.absoluteString.trimmingSuffix("/")
    }

    func remotePhoto(_ photo: FlickrPhoto, owner: String?, ownerName: String?) -> RemotePhoto? {
        let sizes = Self.sizeExtras.compactMap { suffix -> SizedImage? in
            guard let url = photo.urls["url_" + suffix], let width = photo.urls["width_" + suffix].flatMap(Int.init),
                let height = photo.urls["height_" + suffix].flatMap(Int.init), width > 0, height > 0
            else { return nil }
            return SizedImage(width: width, height: height, url: url)
        }.sorted { $0.width * $0.height < $1.width * $1.height }
        guard let largest = sizes.last else { return nil }
        let ownerID = photo.owner ?? owner ?? ""
        let name = photo.ownername ?? ownerName ?? ownerID
        let alias = photo.pathalias.flatMap { $0.isEmpty ? nil : $0 } ?? ownerID
        let license = Self.license(photo.license?.text ?? "0")
        let profile = "\(siteRoot)/photos/\(alias)/"
        let title = photo.title.flatMap { $0.isEmpty ? nil : $0 }
        let description = photo.description?.content.flatMap { $0.isEmpty ? nil : $0 }
        return RemotePhoto(
            remoteID: photo.id,
            author: RemoteAuthor(remoteID: ownerID, username: alias, firstName: name, profileURL: profile),
            title: title, description: description, altDescription: title?.lowercased(),
            width: photo.oWidth?.int ?? largest.width, height: photo.oHeight?.int ?? largest.height,
            createdAt: photo.dateupload.flatMap { Double($0.text) }.map(Date.init(timeIntervalSince1970:)),
            takenAt: photo.datetaken.flatMap(Self.takenDate),
            place: Place(latitude: photo.latitude?.double.flatMap { $0 == 0 ? nil : $0 },
                         longitude: photo.longitude?.double.flatMap { $0 == 0 ? nil : $0 }),
            tags: (photo.tags ?? "").split(separator: " ").map(String.init), license: license,
            credit: PhotoSource(name: "Flickr", url: siteRoot + "/", photoURL: "\(profile)\(photo.id)/",
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

/// A Flickr `stat: fail` answer.
struct FlickrFailure: Error, CustomStringConvertible {
    var code: Int
    var message: String
    var description: String { "Flickr refused the call (\(code)): \(message)" }
}

/// The parts of Flickr's JSON answers a source reads.
struct FlickrAnswer: Decodable {
    var stat: String
    var code: Int?
    var message: String?
    var photos: FlickrPhotoList?
    var photoset: FlickrPhotoList?
}

struct FlickrPhotoList: Decodable {
    var page: FlickrNumber?
    var pages: FlickrNumber?
    var owner: String?
    var ownername: String?
    var photo: [FlickrPhoto]
}

/// A photo of a list, with the extras asked for. Flickr writes numbers as strings or numbers, varying by field
/// and by time; both are read.
struct FlickrPhoto: Decodable {
    var id: String
    var owner: String?
    var ownername: String?
    var pathalias: String?
    var title: String?
    var description: FlickrContent?
    var license: FlickrNumber?
    var dateupload: FlickrNumber?
    var datetaken: String?
    var tags: String?
    var latitude: FlickrNumber?
    var longitude: FlickrNumber?
    var oWidth: FlickrNumber?
    var oHeight: FlickrNumber?
    /// `url_*`, `width_*` and `height_*`, by name.
    var urls: [String: String] = [:]

    enum CodingKeys: String, CodingKey {
        case id, owner, ownername, pathalias, title, description, license, dateupload, datetaken, tags, latitude
        case longitude
        case oWidth = "o_width"
        case oHeight = "o_height"
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(FlickrNumber.self, forKey: .id).text
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
        ownername = try container.decodeIfPresent(String.self, forKey: .ownername)
        pathalias = try? container.decodeIfPresent(String.self, forKey: .pathalias)
        title = try? container.decodeIfPresent(String.self, forKey: .title)
        description = try? container.decodeIfPresent(FlickrContent.self, forKey: .description)
        license = try? container.decodeIfPresent(FlickrNumber.self, forKey: .license)
        dateupload = try? container.decodeIfPresent(FlickrNumber.self, forKey: .dateupload)
        datetaken = try? container.decodeIfPresent(String.self, forKey: .datetaken)
        tags = try? container.decodeIfPresent(String.self, forKey: .tags)
        latitude = try? container.decodeIfPresent(FlickrNumber.self, forKey: .latitude)
        longitude = try? container.decodeIfPresent(FlickrNumber.self, forKey: .longitude)
        oWidth = try? container.decodeIfPresent(FlickrNumber.self, forKey: .oWidth)
        oHeight = try? container.decodeIfPresent(FlickrNumber.self, forKey: .oHeight)
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys
        where key.stringValue.hasPrefix("url_") || key.stringValue.hasPrefix("width_")
            || key.stringValue.hasPrefix("height_")
        {
            if let value = try? all.decode(FlickrNumber.self, forKey: key) { urls[key.stringValue] = value.text }
        }
    }
}

/// `{"_content": "…"}`.
struct FlickrContent: Decodable {
    var content: String?

    enum CodingKeys: String, CodingKey {
        case content = "_content"
    }
}

/// A Flickr value that may come as a string or a number.
struct FlickrNumber: Decodable {
    var text: String

    var int: Int? { Int(text) ?? Double(text).map { Int($0) } }
    var double: Double? { Double(text) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if let int = try? container.decode(Int.self) {
            text = String(int)
        } else {
            text = String(try container.decode(Double.self))
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
