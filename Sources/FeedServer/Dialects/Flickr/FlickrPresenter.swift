import FeedModels
import FeedStore
import Foundation
import Imaging

/// Shapes the library's records as Flickr's (reference §1.4–§1.5), with ids in Flickr's shapes (``FlickrIDs``) and
/// URLs on the request's origin.
struct FlickrPresenter: Sendable {
    let origin: String
    let viewerID: String?
    /// Web addresses and what the viewer may see of a position, as in every dialect.
    var links: Presenter { Presenter(origin: origin, viewerID: viewerID) }

    static let server = LadderImage.flickrServer
    static let farm = LadderImage.flickrFarm

    static func nsid(_ user: UserRecord) -> String { FlickrIDs.nsid(user.number) }

    static func photoID(_ photo: PhotoRecord) -> String { FlickrIDs.photoID(photo.number) }

    static func title(_ photo: PhotoRecord) -> String { photo.description ?? photo.altDescription ?? "" }

    /// Flickr's licence number of the photo's licence; 0, "All Rights Reserved", when none was given.
    static func license(_ photo: PhotoRecord) -> Int {
        photo.license.flatMap(PhotoLicense.init(id:))?.flickrNumber ?? 0
    }

    static func unix(_ date: Date) -> String { String(Int64(date.timeIntervalSince1970)) }

    /// Flickr's buddy-icon server of a person: `"0"` (Flickr's default icon) for someone without a picture.
    static func iconServer(_ user: UserRecord) -> (server: String, farm: Int) {
        user.avatarSHA256 == nil ? ("0", 0) : (server, farm)
    }

    func imageURL(_ photo: PhotoRecord, _ size: FlickrLadderSize) -> String {
        origin + LadderImage.flickrPath(number: photo.number, sha256: photo.sha256, format: photo.format, size: size)
    }

    /// Tags as Flickr's `extras=tags` writes them: lower case, without spaces or punctuation.
    static func normalisedTags(_ photo: PhotoRecord) -> [String] {
        photo.tags.map { String($0.lowercased().filter { $0.isLetter || $0.isNumber }) }.filter { !$0.isEmpty }
    }

    /// `page`, `pages`, `perpage` and `total` of a page of `total` items.
    static func pages(total: Int, request: PageRequest) -> Int { max(1, (total + request.size - 1) / request.size) }

    /// A page of photos, `<photos page pages perpage total>`, each with the `extras` asked for.
    func photos(
        _ page: Page<PhotoRecord>, request: PageRequest, extras: Set<String>,
        adjust: (PhotoRecord, inout FlickrListPhoto) -> Void = { _, _ in }
    ) -> FlickrPhotoPage {
        FlickrPhotoPage(
            page: request.number, pages: Self.pages(total: page.total, request: request), perPage: request.size,
            total: page.total,
            photo: page.items.map { record in
                var photo = listPhoto(record, extras: extras)
                adjust(record, &photo)
                return photo
            })
    }

    /// A photo in a list (`search`, `getRecent`, a photoset, favourites), with the `extras` asked for.
    func listPhoto(_ photo: PhotoRecord, extras: Set<String>) -> FlickrListPhoto {
        var listed = FlickrListPhoto(
            id: Self.photoID(photo), owner: Self.nsid(photo.owner), secret: LadderImage.secret(photo.sha256),
            server: Self.server, farm: Self.farm, title: Self.title(photo))
        if extras.contains("description") { listed.description = FlickrContent(photo.description ?? "") }
        if extras.contains("license") { listed.license = String(Self.license(photo)) }
        if extras.contains("date_upload") { listed.dateUpload = Self.unix(photo.createdAt) }
        if extras.contains("date_taken") {
            listed.dateTaken = CivilDate.dateTime(photo.takenAt ?? photo.createdAt)
            listed.dateTakenGranularity = "0"
            listed.dateTakenUnknown = photo.takenAt == nil ? "1" : "0"
        }
        if extras.contains("owner_name") { listed.ownerName = photo.owner.displayName }
        if extras.contains("icon_server") {
            let icon = Self.iconServer(photo.owner)
            listed.iconServer = icon.server
            listed.iconFarm = icon.farm
        }
        if extras.contains("original_format") {
            listed.originalSecret = LadderImage.originalSecret(photo.sha256)
            listed.originalFormat = ImageFormat.fileExtension(ofStored: photo.format)
        }
        if extras.contains("last_update") { listed.lastUpdate = Self.unix(photo.updatedAt) }
        if extras.contains("geo"), let position = links.position(photo) {
            listed.latitude = FlickrTree.decimalText(position.latitude)
            listed.longitude = FlickrTree.decimalText(position.longitude)
            listed.accuracy = String(accuracy(photo))
            listed.context = 0
            listed.placeID = ""
            listed.woeID = ""
            listed.geoIsPublic = 1
            listed.geoIsContact = 0
            listed.geoIsFriend = 0
            listed.geoIsFamily = 0
        }
        if extras.contains("tags") { listed.tags = Self.normalisedTags(photo).joined(separator: " ") }
        if extras.contains("machine_tags") { listed.machineTags = "" }
        if extras.contains("o_dims") {
            listed.originalWidth = String(photo.width)
            listed.originalHeight = String(photo.height)
        }
        if extras.contains("views") { listed.views = String(photo.views) }
        if extras.contains("media") {
            listed.media = "photo"
            listed.mediaStatus = "ready"
        }
        if extras.contains("path_alias") { listed.pathAlias = photo.owner.username }
        listed.sizes = FlickrLadderSize.available(width: photo.width, height: photo.height).compactMap { size in
            guard let extra = size.extra, extras.contains(extra.extra) else { return nil }
            let (width, height) = size.dimensions(width: photo.width, height: photo.height)
            return FlickrSizedURL(size: extra, url: imageURL(photo, size), width: width, height: height)
        }
        return listed
    }
}
