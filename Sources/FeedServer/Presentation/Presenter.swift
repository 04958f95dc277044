import FeedModels
import FeedStore
import Foundation

/// Shapes store records into the Unsplash wire models, with absolute URLs on the origin the client used.
struct Presenter: Sendable {
    /// `http://host:port`, without a trailing slash.
    let origin: String
    /// Who is looking: owners see their own photos' exact coordinates.
    let viewerID: String?

    init(origin: String, viewerID: String? = nil) {
        self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        self.viewerID = viewerID
    }

    func imageURL(_ photoID: String, _ query: String = "") -> String {
        query.isEmpty ? "\(origin)/img/\(photoID)" : "\(origin)/img/\(photoID)?\(query)"
    }

    /// A photo's share page (`/p/:id`), its web address in every dialect.
    func photoPage(_ photoID: String) -> String { "\(origin)/p/\(photoID)" }

    /// A person's page in the web app.
    func userPage(_ username: String) -> String { "\(origin)/#/user/\(username)" }

    /// A square avatar rendition; the version query changes with the avatar, so caches never show an old one.
    func avatarURL(_ record: UserRecord, size: Int) -> String {
        let version = record.avatarSHA256.map { "&v=\($0.prefix(12))" } ?? ""
        return "\(origin)/avatars/\(record.username)?w=\(size)&h=\(size)\(version)"
    }

    /// A photo's coordinates as the viewer may see them: exact for its owner or when the owner made positions
    /// public, otherwise rounded to two decimals (about 1 km). Nil when the photo has none.
    func position(_ record: PhotoRecord) -> (latitude: Double, longitude: Double)? {
        guard let latitude = record.place.latitude, let longitude = record.place.longitude else { return nil }
        let exact = record.owner.exactLocationPublic || record.owner.id == viewerID
        func shown(_ value: Double) -> Double { exact ? value : (value * 100).rounded() / 100 }
        return (shown(latitude), shown(longitude))
    }

    func photo(_ record: PhotoRecord) -> Photo {
        let urls = photoURLs(record.id)
        let links = PhotoLinks(
            self: origin + FeedOperation.getPhoto.path([record.slug]),
            html: photoPage(record.id),
            download: "\(origin)/img/\(record.id)?dl=1",
            downloadLocation: origin + FeedOperation.trackDownload.path([record.id])
        )
        let camera = record.camera
        let hasExif =
            [camera.make, camera.model, camera.exposureTime, camera.aperture, camera.focalLength]
            .contains { $0 != nil } || camera.iso != nil
        let place = record.place
        let coordinates = position(record).map { Position(latitude: $0.latitude, longitude: $0.longitude) }
        let hasPlace = place.name != nil || place.city != nil || place.country != nil || coordinates != nil
        var photo = Photo(
            id: record.id, slug: record.slug, createdAt: record.createdAt, updatedAt: record.updatedAt,
            width: record.width, height: record.height, color: record.color, blurHash: record.blurHash,
            description: record.description, altDescription: record.altDescription, urls: urls, links: links,
            likes: record.likes, likedByUser: record.likedByViewer, user: user(record.owner),
            exif: hasExif
                ? Exif(
                    make: camera.make, model: camera.model, exposureTime: camera.exposureTime,
                    aperture: camera.aperture, focalLength: camera.focalLength, iso: camera.iso)
                : Exif(make: nil, model: nil, exposureTime: nil, aperture: nil, focalLength: nil, iso: nil),
            location: hasPlace
                ? Location(name: place.name, city: place.city, country: place.country, position: coordinates)
                : Location(name: nil, city: nil, country: nil, position: nil),
            tags: record.tags.map { Tag(title: $0) }, views: record.views, downloads: record.downloads,
            takenAt: record.takenAt,
            // A hotlinked photo has no file here; its images are at its source.
            original: record.format == "remote" ? nil : OriginalFile(bytes: record.bytes, format: record.format)
        )
        photo.license = record.license.flatMap(PhotoLicense.init(id:))
        photo.source = record.source
        return photo
    }

    /// A user; `includePrivate` (for `/me`) adds the email, the chosen device and language, and the privacy setting.
    func user(_ record: UserRecord, includeEmail includePrivate: Bool = false) -> User {
        let base = origin + FeedOperation.getUser.path([record.username])
        var user = User(
            id: record.id, updatedAt: record.updatedAt, username: record.username, firstName: record.firstName,
            lastName: record.lastName, bio: record.bio, location: record.location, portfolioUrl: record.portfolioURL,
            instagramUsername: record.instagramUsername,
            links: UserLinks(
                self: base, html: userPage(record.username),
                photos: origin + FeedOperation.listUserPhotos.path([record.username]),
                likes: origin + FeedOperation.listUserLikes.path([record.username]),
                portfolio: origin + ServerOperation.getUserPortfolio.path([record.username])
            ),
            profileImage: ProfileImage(
                small: avatarURL(record, size: 32), medium: avatarURL(record, size: 64),
                large: avatarURL(record, size: 128)
            ),
            totalCollections: record.totalCollections, totalLikes: record.totalLikes,
            totalPhotos: record.totalPhotos, email: includePrivate ? record.email : nil
        )
        if includePrivate {
            user.device = record.deviceID.flatMap(Device.named)
            user.language = record.language
            user.exactLocationPublic = record.exactLocationPublic
        }
        return user
    }

    func collection(_ record: CollectionRecord) -> Collection {
        let base = origin + FeedOperation.getCollection.path([record.id])
        var collection = Collection(
            id: record.id, title: record.title, description: record.description, publishedAt: record.createdAt,
            lastCollectedAt: record.lastCollectedAt, updatedAt: record.updatedAt, totalPhotos: record.totalPhotos,
            isPrivate: record.isPrivate, coverPhoto: record.coverPhoto.map(photo), user: user(record.owner),
            links: CollectionLinks(
                self: base, html: "\(origin)/#/collections/\(record.id)",
                photos: origin + FeedOperation.listCollectionPhotos.path([record.id]))
        )
        collection.tags = record.tags.map { Tag(title: $0) }
        collection.previewPhotos = record.previewPhotos.isEmpty ? nil : record.previewPhotos.map(preview)
        return collection
    }
}
