import FeedKit
import FeedModels
import FeedStore
import Foundation

/// Reads Unsplash — or another ImageFeed server, which speaks Unsplash's API — through FeedKit: the editorial
/// feed, a topic, a collection, a person's photos or a search. Photos are hotlinked (Unsplash's API guidelines):
/// their `urls.raw` is an imgix base the library redirects its image URLs to, and their `download_location` is
/// called when someone downloads them here.
struct UnsplashConnector: SourceConnector {
    let source: SourceRecord
    let kind: SourceKind
    let client: FeedClient

    init(source: SourceRecord, kind: SourceKind, root: URL, transport: any HTTPTransport) {
        self.source = source
        self.kind = kind
        self.client = FeedClient(
            baseURL: root, credentials: source.credential.isEmpty ? .none : .publicKey(source.credential),
            transport: transport
        )
    }

    var listing: Pages<Photo> {
        let options = source.options
        if let topic = options["topic"] { return client.photos(inTopic: topic) }
        if let collection = options["collection"] { return client.photos(inCollection: collection) }
        if let user = options["user"] { return client.photos(of: user) }
        if let query = options["query"] { return client.searchPhotos(query, sortedBy: .latest) }
        return client.photos(sortedBy: .latest)
    }

    func page(at cursor: String?) async throws -> (photos: [RemotePhoto], next: String?) {
        let pages = listing
        let page: FeedKit.Page<Photo>
        do {
            if let next = cursor.flatMap(URL.init(string:)) {
                page = try await pages.page(at: next)
            } else {
                page = try await pages.first()
            }
        } catch let error as FeedError {
            throw SourceError("\(serviceName) refused the listing: \(error.message)")
        }
        return (page.items.map(remotePhoto), page.next?.absoluteString)
    }

    func stillExists(_ remoteID: String) async throws -> Bool {
        do {
            _ = try await client.photo(remoteID)
            return true
        } catch FeedError.notFound {
            return false
        }
    }

    /// How the credit line names the service: Unsplash, or the other library's host.
    var serviceName: String {
        kind == .unsplash ? "Unsplash" : (client.baseURL.host ?? client.baseURL.absoluteString)
    }

    /// The referral parameters Unsplash asks for on links back to it; other libraries get plain links.
    var appName: String? {
        kind == .unsplash ? (source.options["app_name"] ?? "imagefeed") : nil
    }

    /// The service's home page: unsplash.com for Unsplash itself, otherwise the server's own root.
    var homeURL: String {
        kind == .unsplash && client.baseURL.host == FeedClient.unsplashAPIURL.host
            ? "https://unsplash.com/" : client.baseURL.absoluteString
    }

    func remotePhoto(_ photo: Photo) -> RemotePhoto {
        let user = photo.user
        // A photo the other library itself brought in from elsewhere keeps its first credit and licence.
        let credit =
            photo.source
            ?? PhotoSource(
                name: serviceName, url: referral(homeURL, appName: appName),
                photoURL: referral(photo.links.html, appName: appName), authorName: user.name,
                authorURL: referral(user.links.html, appName: appName)
            )
        let license = photo.license ?? (kind == .unsplash ? PhotoLicense(id: "unsplash") : nil)
        let location = photo.location
        let exif = photo.exif
        return RemotePhoto(
            remoteID: photo.id,
            author: RemoteAuthor(
                remoteID: user.id, username: user.username,
                firstName: user.firstName.isEmpty ? user.name : user.firstName,
                lastName: user.lastName, bio: user.bio, profileURL: user.links.html
            ),
            title: nil, description: photo.description, altDescription: photo.altDescription,
            width: photo.width, height: photo.height, color: photo.color, blurHash: photo.blurHash,
            createdAt: photo.createdAt, takenAt: photo.takenAt,
            camera: CameraSettings(
                make: exif?.make, model: exif?.model, exposureTime: exif?.exposureTime, aperture: exif?.aperture,
                focalLength: exif?.focalLength, iso: exif?.iso
            ),
            place: Place(
                name: location?.name, city: location?.city, country: location?.country,
                latitude: location?.position?.latitude, longitude: location?.position?.longitude
            ),
            tags: photo.tags.map(\.title), license: license, credit: credit,
            image: .hotlink(.imgix(photo.urls.raw)), downloadLocation: photo.links.downloadLocation
        )
    }
}
