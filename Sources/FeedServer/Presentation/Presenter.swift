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

    func photo(_ record: PhotoRecord) -> Photo {
        let urls = photoURLs(record.id)
        let links = PhotoLinks(
            self: "\(origin)/photos/\(record.slug)",
            html: "\(origin)/p/\(record.id)",
            download: "\(origin)/img/\(record.id)?dl=1",
            downloadLocation: "\(origin)/photos/\(record.id)/download"
        )
        let camera = record.camera
        let hasExif = [camera.make, camera.model, camera.exposureTime, camera.aperture, camera.focalLength]
            .contains { $0 != nil } || camera.iso != nil
        let place = record.place
        // Rounded to two decimals (about 1 km) unless the viewer owns the photo or the owner made positions public.
        let exact = record.owner.exactLocationPublic || record.owner.id == viewerID
        func shown(_ value: Double) -> Double { exact ? value : (value * 100).rounded() / 100 }
        let position = place.latitude.flatMap { latitude in
            place.longitude.map { Position(latitude: shown(latitude), longitude: shown($0)) }
        }
        let hasPlace = place.name != nil || place.city != nil || place.country != nil || position != nil
        return Photo(
            id: record.id, slug: record.slug, createdAt: record.createdAt, updatedAt: record.updatedAt,
            width: record.width, height: record.height, color: record.color, blurHash: record.blurHash,
            description: record.description, altDescription: record.altDescription, urls: urls, links: links,
            likes: record.likes, likedByUser: record.likedByViewer, user: user(record.owner),
            exif: hasExif
                ? Exif(make: camera.make, model: camera.model, exposureTime: camera.exposureTime,
                       aperture: camera.aperture, focalLength: camera.focalLength, iso: camera.iso)
                : Exif(make: nil, model: nil, exposureTime: nil, aperture: nil, focalLength: nil, iso: nil),
            location: hasPlace
                ? Location(name: place.name, city: place.city, country: place.country, position: position)
                : Location(name: nil, city: nil, country: nil, position: nil),
            tags: record.tags.map { Tag(title: $0) }, views: record.views, downloads: record.downloads,
            takenAt: record.takenAt, original: OriginalFile(bytes: record.bytes, format: record.format)
        )
    }

    /// A user; `includePrivate` (for `/me`) adds the email, the chosen device and the privacy setting.
    func user(_ record: UserRecord, includeEmail includePrivate: Bool = false) -> User {
        let base = "\(origin)/users/\(record.username)"
        let version = record.avatarSHA256.map { "&v=\($0.prefix(12))" } ?? ""
        let avatar = "\(origin)/avatars/\(record.username)"
        var user = User(
            id: record.id, updatedAt: record.updatedAt, username: record.username, firstName: record.firstName,
            lastName: record.lastName, bio: record.bio, location: record.location, portfolioUrl: record.portfolioURL,
            instagramUsername: record.instagramUsername,
            links: UserLinks(
                self: base, html: "\(origin)/#/user/\(record.username)", photos: "\(base)/photos",
                likes: "\(base)/likes", portfolio: "\(base)/portfolio"
            ),
            profileImage: ProfileImage(
                small: "\(avatar)?w=32&h=32\(version)", medium: "\(avatar)?w=64&h=64\(version)",
                large: "\(avatar)?w=128&h=128\(version)"
            ),
            totalCollections: record.totalCollections, totalLikes: record.totalLikes,
            totalPhotos: record.totalPhotos, email: includePrivate ? record.email : nil
        )
        if includePrivate {
            user.device = record.deviceID.flatMap(Device.named)
            user.exactLocationPublic = record.exactLocationPublic
        }
        return user
    }

    func collection(_ record: CollectionRecord) -> Collection {
        let base = "\(origin)/collections/\(record.id)"
        var collection = Collection(
            id: record.id, title: record.title, description: record.description, publishedAt: record.createdAt,
            lastCollectedAt: record.lastCollectedAt, updatedAt: record.updatedAt, totalPhotos: record.totalPhotos,
            isPrivate: record.isPrivate, coverPhoto: record.coverPhoto.map(photo), user: user(record.owner),
            links: CollectionLinks(self: base, html: "\(origin)/#/collections/\(record.id)", photos: "\(base)/photos")
        )
        collection.tags = record.tags.map { Tag(title: $0) }
        collection.previewPhotos = record.previewPhotos.isEmpty ? nil : record.previewPhotos.map(preview)
        return collection
    }
}
