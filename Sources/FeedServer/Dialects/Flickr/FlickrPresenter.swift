import FeedModels
import FeedStore
import Foundation
import Imaging

/// Shapes records as Flickr does (reference §1.4–§1.5), with URLs on the request's origin.
struct FlickrPresenter: Sendable {
    let origin: String
    let viewerID: String?
    /// Web addresses and what the viewer may see of a position, as in every dialect.
    var links: Presenter { Presenter(origin: origin, viewerID: viewerID) }

    static func nsid(_ user: UserRecord) -> String { "\(user.number)@N01" }

    static func title(_ photo: PhotoRecord) -> String { photo.description ?? photo.altDescription ?? "" }

    /// Flickr's licence number of the photo's licence; 0, "All Rights Reserved", when none was given.
    static func license(_ photo: PhotoRecord) -> String {
        String(photo.license.flatMap(PhotoLicense.init(id:))?.flickrNumber ?? 0)
    }

    static func unix(_ date: Date) -> String { String(Int64(date.timeIntervalSince1970)) }

    func imageURL(_ photo: PhotoRecord, _ size: FlickrSize) -> String {
        origin + LadderImage.flickrPath(number: photo.number, sha256: photo.sha256, format: photo.format, size: size)
    }

    /// A photo in a list (`search`, `getRecent`, a photoset, favourites), with the `extras` asked for.
    func listPhoto(_ photo: PhotoRecord, extras: Set<String>, more: [(String, FlickrNode.Value)] = []) -> FlickrNode {
        var attributes: [(String, FlickrNode.Value)] = [
            ("id", .text(String(photo.number))), ("owner", .text(Self.nsid(photo.owner))),
            ("secret", .text(LadderImage.secret(photo.sha256))), ("server", .text(LadderImage.flickrServer)),
            ("farm", .number(LadderImage.flickrFarm)), ("title", .text(Self.title(photo))), ("ispublic", .number(1)),
            ("isfriend", .number(0)), ("isfamily", .number(0)),
        ]
        var children: [FlickrNode.Child] = []
        if extras.contains("description") { children.append(.node(.text("description", photo.description ?? ""))) }
        if extras.contains("license") { attributes.append(("license", .text(Self.license(photo)))) }
        if extras.contains("date_upload") { attributes.append(("dateupload", .text(Self.unix(photo.createdAt)))) }
        if extras.contains("date_taken") {
            attributes += [
                ("datetaken", .text(CivilDate.dateTime(photo.takenAt ?? photo.createdAt))),
                ("datetakengranularity", .text("0")), ("datetakenunknown", .text(photo.takenAt == nil ? "1" : "0")),
            ]
        }
        if extras.contains("owner_name") {
            attributes.append(("ownername", .text(photo.owner.displayName)))
        }
        if extras.contains("icon_server") {
            attributes += [("iconserver", .text(LadderImage.flickrServer)), ("iconfarm", .number(LadderImage.flickrFarm))]
        }
        if extras.contains("original_format") {
            attributes += [
                ("originalsecret", .text(LadderImage.originalSecret(photo.sha256))),
                ("originalformat", .text(ImageFormat.fileExtension(ofStored: photo.format))),
            ]
        }
        if extras.contains("last_update") { attributes.append(("lastupdate", .text(Self.unix(photo.updatedAt)))) }
        if extras.contains("geo"), let (latitude, longitude) = links.position(photo) {
            attributes += [
                ("latitude", .text(String(latitude))), ("longitude", .text(String(longitude))),
                ("accuracy", .text("16")), ("context", .number(0)), ("place_id", .text("")), ("woeid", .text("")),
                ("geo_is_public", .number(1)), ("geo_is_contact", .number(0)), ("geo_is_friend", .number(0)),
                ("geo_is_family", .number(0)),
            ]
        }
        if extras.contains("tags") { attributes.append(("tags", .text(Self.normalisedTags(photo).joined(separator: " ")))) }
        if extras.contains("machine_tags") { attributes.append(("machine_tags", .text(""))) }
        if extras.contains("o_dims") {
            attributes += [("o_width", .text(String(photo.width))), ("o_height", .text(String(photo.height)))]
        }
        if extras.contains("views") { attributes.append(("views", .text(String(photo.views)))) }
        if extras.contains("media") { attributes += [("media", .text("photo")), ("media_status", .text("ready"))] }
        if extras.contains("path_alias") { attributes.append(("pathalias", .text(photo.owner.username))) }
        let sizes = FlickrSize.available(width: photo.width, height: photo.height)
        for size in sizes {
            guard let extra = size.extra, extras.contains("url_" + extra) else { continue }
            let (width, height) = size.dimensions(width: photo.width, height: photo.height)
            attributes += [
                ("url_" + extra, .text(imageURL(photo, size))), ("height_" + extra, .number(height)),
                ("width_" + extra, .number(width)),
            ]
        }
        return FlickrNode("photo", attributes + more, children: children)
    }

    /// Tags as Flickr's `extras=tags` writes them: lower case, without spaces or punctuation.
    static func normalisedTags(_ photo: PhotoRecord) -> [String] {
        photo.tags.map { String($0.lowercased().filter { $0.isLetter || $0.isNumber }) }.filter { !$0.isEmpty }
    }

    /// `<photos page pages perpage total>` around a page of photos.
    func photos(
        _ page: Page<PhotoRecord>, request: PageRequest, extras: Set<String>, name: String = "photos",
        more: (PhotoRecord) -> [(String, FlickrNode.Value)] = { _ in [] }
    ) -> FlickrNode {
        FlickrNode(name, Self.paging(total: page.total, request: request), children: [
            .list("photo", page.items.map { listPhoto($0, extras: extras, more: more($0)) })
        ])
    }

    static func paging(total: Int, request: PageRequest) -> [(String, FlickrNode.Value)] {
        [
            ("page", .number(request.number)), ("pages", .number(max(1, (total + request.size - 1) / request.size))),
            ("perpage", .number(request.size)), ("total", .text(String(total))),
        ]
    }

    /// `flickr.photos.getInfo`.
    func info(_ photo: PhotoRecord) -> FlickrNode {
        let owner = photo.owner
        var children: [FlickrNode.Child] = [
            .node(FlickrNode("owner", [
                ("nsid", .text(Self.nsid(owner))), ("username", .text(owner.username)),
                ("realname", .text(owner.fullName)), ("location", .text(owner.location ?? "")),
                ("iconserver", .text(LadderImage.flickrServer)), ("iconfarm", .number(LadderImage.flickrFarm)),
                ("path_alias", .text(owner.username)),
            ])),
            .node(.text("title", Self.title(photo))),
            .node(.text("description", photo.description ?? "")),
            .node(FlickrNode("visibility", [("ispublic", .number(1)), ("isfriend", .number(0)), ("isfamily", .number(0))])),
            .node(FlickrNode("dates", [
                ("posted", .text(Self.unix(photo.createdAt))),
                ("taken", .text(CivilDate.dateTime(photo.takenAt ?? photo.createdAt))), ("takengranularity", .text("0")),
                ("takenunknown", .text(photo.takenAt == nil ? "1" : "0")), ("lastupdate", .text(Self.unix(photo.updatedAt))),
            ])),
            .node(FlickrNode("usage", [
                ("candownload", .number(1)), ("canblog", .number(0)), ("canprint", .number(0)), ("canshare", .number(1)),
            ])),
            .node(.text("comments", "0")),
            .node(FlickrNode("notes", children: [.list("note", [])])),
            .node(FlickrNode("tags", children: [.list("tag", tagNodes(photo))])),
        ]
        if let location = location(photo) { children.append(.node(location)) }
        children.append(.node(FlickrNode("urls", children: [
            .list("url", [FlickrNode("url", [("type", .text("photopage"))], content: links.photoPage(photo.id))])
        ])))
        return FlickrNode("photo", [
            ("id", .text(String(photo.number))), ("secret", .text(LadderImage.secret(photo.sha256))),
            ("server", .text(LadderImage.flickrServer)), ("farm", .number(LadderImage.flickrFarm)),
            ("dateuploaded", .text(Self.unix(photo.createdAt))), ("isfavorite", .number(photo.likedByViewer ? 1 : 0)),
            ("license", .text(Self.license(photo))), ("safety_level", .text("0")), ("rotation", .number(0)),
            ("originalsecret", .text(LadderImage.originalSecret(photo.sha256))),
            ("originalformat", .text(ImageFormat.fileExtension(ofStored: photo.format))),
            ("views", .text(String(photo.views))), ("media", .text("photo")),
        ], children: children)
    }

    func tagNodes(_ photo: PhotoRecord) -> [FlickrNode] {
        zip(photo.tags, Self.normalisedTags(photo)).map { raw, clean in
            FlickrNode("tag", [
                ("id", .text("\(photo.number)-\(clean)")), ("author", .text(Self.nsid(photo.owner))),
                ("authorname", .text(photo.owner.username)), ("raw", .text(raw)), ("machine_tag", .number(0)),
            ], content: clean)
        }
    }

    /// `<location>` of getInfo and geo.getLocation; nil when the photo has no coordinates.
    func location(_ photo: PhotoRecord) -> FlickrNode? {
        guard let (latitude, longitude) = links.position(photo) else { return nil }
        var children: [FlickrNode.Child] = []
        if let city = photo.place.city { children.append(.node(.text("locality", city))) }
        if let country = photo.place.country { children.append(.node(.text("country", country))) }
        return FlickrNode("location", [
            ("latitude", .text(String(latitude))), ("longitude", .text(String(longitude))), ("accuracy", .text("16")),
            ("context", .text("0")),
        ], children: children)
    }

    /// `flickr.photos.getSizes`.
    func sizes(_ photo: PhotoRecord) -> FlickrNode {
        let sizes = FlickrSize.available(width: photo.width, height: photo.height).map { size in
            let (width, height) = size.dimensions(width: photo.width, height: photo.height)
            return FlickrNode("size", [
                ("label", .text(size.label)), ("width", .number(width)), ("height", .number(height)),
                ("source", .text(imageURL(photo, size))),
                ("url", .text(links.photoPage(photo.id) + "#size-" + (size.suffix ?? "m"))), ("media", .text("photo")),
            ])
        }
        return FlickrNode("sizes", [("canblog", .number(0)), ("canprint", .number(0)), ("candownload", .number(1))],
                          children: [.list("size", sizes)])
    }

    /// `flickr.photos.getExif`: what the library read from the file.
    func exif(_ photo: PhotoRecord) -> FlickrNode {
        let camera = photo.camera
        let entries: [(String, String, String, String?, String?)] = [
            ("IFD0", "Make", "Make", camera.make, nil), ("IFD0", "Model", "Model", camera.model, nil),
            ("ExifIFD", "ExposureTime", "Exposure", camera.exposureTime, camera.exposureTime.map { "\($0) sec" }),
            ("ExifIFD", "FNumber", "Aperture", camera.aperture, camera.aperture.map { "f/\($0)" }),
            ("ExifIFD", "FocalLength", "Focal Length", camera.focalLength, camera.focalLength.map { "\($0) mm" }),
            ("ExifIFD", "ISO", "ISO Speed", camera.iso.map(String.init), nil),
        ]
        let nodes = entries.compactMap { space, tag, label, raw, clean -> FlickrNode? in
            guard let raw else { return nil }
            var children: [FlickrNode.Child] = [.node(.text("raw", raw))]
            if let clean { children.append(.node(.text("clean", clean))) }
            return FlickrNode("exif", [
                ("tagspace", .text(space)), ("tagspaceid", .number(0)), ("tag", .text(tag)), ("label", .text(label)),
            ], children: children)
        }
        let cameraName = [camera.make, camera.model].compactMap { $0 }.joined(separator: " ")
        return FlickrNode("photo", [
            ("id", .text(String(photo.number))), ("secret", .text(LadderImage.secret(photo.sha256))),
            ("server", .text(LadderImage.flickrServer)), ("farm", .number(LadderImage.flickrFarm)),
            ("camera", .text(cameraName)),
        ], children: [.list("exif", nodes)])
    }

    /// `flickr.people.getInfo`.
    func person(_ user: UserRecord) -> FlickrNode {
        FlickrNode("person", [
            ("id", .text(Self.nsid(user))), ("nsid", .text(Self.nsid(user))), ("ispro", .number(0)),
            ("is_deleted", .number(0)), ("iconserver", .text(LadderImage.flickrServer)),
            ("iconfarm", .number(LadderImage.flickrFarm)), ("path_alias", .text(user.username)),
        ], children: [
            .node(.text("username", user.username)), .node(.text("realname", user.fullName)),
            .node(.text("location", user.location ?? "")), .node(.text("description", user.bio ?? "")),
            .node(.text("photosurl", links.userPage(user.username))),
            .node(.text("profileurl", links.userPage(user.username))),
            .node(.text("mobileurl", links.userPage(user.username))),
            .node(FlickrNode("photos", children: [
                .node(.text("firstdate", Self.unix(user.createdAt))), .node(.text("count", String(user.totalPhotos))),
            ])),
        ])
    }

    /// A photoset in `photosets.getList`.
    func photoset(_ album: CollectionRecord) -> FlickrNode {
        let cover = album.coverPhoto
        return FlickrNode("photoset", [
            ("id", .text(String(album.number))), ("primary", .text(cover.map { String($0.number) } ?? "0")),
            ("secret", .text(cover.map { LadderImage.secret($0.sha256) } ?? "")),
            ("server", .text(LadderImage.flickrServer)), ("farm", .number(LadderImage.flickrFarm)),
            ("photos", .number(album.totalPhotos)), ("videos", .number(0)),
            ("date_create", .text(Self.unix(album.createdAt))), ("date_update", .text(Self.unix(album.updatedAt))),
            ("count_views", .text("0")), ("can_comment", .number(0)),
        ], children: [.node(.text("title", album.title)), .node(.text("description", album.description ?? ""))])
    }
}
