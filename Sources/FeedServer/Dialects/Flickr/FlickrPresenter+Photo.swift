import FeedModels
import FeedStore
import Foundation
import Imaging

extension FlickrPresenter {
    /// flickr.photos.getInfo, every element Flickr always sends included.
    func info(_ photo: PhotoRecord) -> FlickrPhotoInfo {
        let owner = photo.owner
        let isOwner = owner.id == viewerID
        let icon = Self.iconServer(owner)
        let location = location(photo)
        return FlickrPhotoInfo(
            id: Self.photoID(photo), secret: LadderImage.secret(photo.sha256), server: Self.server, farm: Self.farm,
            dateUploaded: Self.unix(photo.createdAt), isFavorite: photo.likedByViewer ? 1 : 0,
            license: String(Self.license(photo)), originalSecret: LadderImage.originalSecret(photo.sha256),
            originalFormat: ImageFormat.fileExtension(ofStored: photo.format), views: String(photo.views),
            owner: FlickrPhotoOwner(
                nsid: Self.nsid(owner), username: owner.username, realName: owner.fullName,
                location: owner.location ?? "", iconServer: icon.server, iconFarm: icon.farm, pathAlias: owner.username),
            title: FlickrContent(Self.title(photo)), description: FlickrContent(photo.description ?? ""),
            visibility: FlickrPhotoInfo.Visibility(),
            dates: FlickrPhotoInfo.Dates(
                posted: Self.unix(photo.createdAt), taken: CivilDate.dateTime(photo.takenAt ?? photo.createdAt),
                takenUnknown: photo.takenAt == nil ? "1" : "0", lastUpdate: Self.unix(photo.updatedAt)),
            // The library has no comments or notes: nobody may add them, the owner included.
            permissions: isOwner ? FlickrPhotoInfo.Permissions(permComment: 0, permAddMeta: 0) : nil,
            editability: FlickrPhotoInfo.Editability(canComment: 0, canAddMeta: 0),
            publicEditability: FlickrPhotoInfo.Editability(canComment: 0, canAddMeta: 0),
            // Originals can be downloaded by anyone who can see the photo; sharing is the share page.
            usage: FlickrPhotoInfo.Usage(canDownload: 1, canBlog: 0, canPrint: 0, canShare: 1),
            comments: "0", people: FlickrPhotoInfo.People(hasPeople: 0),
            tags: FlickrTagList(tag: tags(photo)), location: location,
            geoPerms: location.map { _ in FlickrPhotoInfo.GeoPerms(isPublic: 1) },
            urls: FlickrURLList(url: [FlickrTypedURL(type: "photopage", content: links.photoPage(photo.id))]))
    }

    /// The photo's tags: the raw tag and its normalised form, each attributed to the owner.
    func tags(_ photo: PhotoRecord) -> [FlickrTag] {
        zip(photo.tags, Self.normalisedTags(photo)).map { raw, clean in
            FlickrTag(
                id: "\(photo.owner.number)-\(Self.photoID(photo))-\(clean)", author: Self.nsid(photo.owner),
                authorName: photo.owner.username, raw: raw, content: clean)
        }
    }

    /// `<location>` of getInfo and geo.getLocation; nil when the photo has no coordinates.
    func location(_ photo: PhotoRecord) -> FlickrLocation? {
        guard let (latitude, longitude) = links.position(photo) else { return nil }
        return FlickrLocation(
            latitude: latitude, longitude: longitude, accuracy: accuracy(photo),
            locality: photo.place.city.map { FlickrPlaceName($0) },
            country: photo.place.country.map { FlickrPlaceName($0) })
    }

    /// How precise the position this viewer sees is, on Flickr's scale (1 world … 11 city … 16 street), which
    /// follows a map's zoom levels: the highest level whose tile, 360°/2^level wide, is no narrower than the
    /// stored position's last decimal. A position stored with three decimals or more is street level (16); one
    /// rounded to two decimals (about 1 km), as an owner's location privacy rounds it for everyone else, is 15;
    /// one decimal is 11, a city; whole degrees 8.
    func accuracy(_ photo: PhotoRecord) -> Int {
        guard let latitude = photo.place.latitude, let longitude = photo.place.longitude else { return 0 }
        var decimals = max(Self.decimals(latitude), Self.decimals(longitude))
        let exact = photo.owner.exactLocationPublic || photo.owner.id == viewerID
        if !exact { decimals = min(decimals, 2) }
        return Self.accuracy(decimals: decimals)
    }

    /// Flickr's accuracy level of a position given to `decimals` decimal places.
    static func accuracy(decimals: Int) -> Int {
        let step = pow(10, -Double(min(decimals, 8)))
        return min(16, max(1, Int(log2(360 / step).rounded(.down))))
    }

    /// How many decimal places `value` was stored with: the digits after the point of its shortest form.
    static func decimals(_ value: Double) -> Int {
        let text = String(value)
        if text.contains("e") { return 8 }
        guard let point = text.firstIndex(of: ".") else { return 0 }
        let fraction = text[text.index(after: point)...]
        return fraction == "0" ? 0 : fraction.count
    }

    /// flickr.photos.getSizes: every size of the ladder the photo has, the original last.
    func sizes(_ photo: PhotoRecord) -> FlickrSizes {
        let sizes = FlickrLadderSize.available(width: photo.width, height: photo.height).map { size in
            let (width, height) = size.dimensions(width: photo.width, height: photo.height)
            return FlickrSizes.Size(
                label: size.label, width: width, height: height, source: imageURL(photo, size),
                url: links.photoPage(photo.id) + "#size-" + (size.suffix ?? "m"))
        }
        return FlickrSizes(canBlog: 0, canPrint: 0, canDownload: 1, size: sizes)
    }

    /// flickr.photos.getExif: what the library read from the file.
    func exif(_ photo: PhotoRecord) -> FlickrPhotoExif {
        let camera = photo.camera
        let entries: [(String, Int, String, String, String?, String?)] = [
            ("IFD0", 0, "Make", "Make", camera.make, nil), ("IFD0", 0, "Model", "Model", camera.model, nil),
            ("ExifIFD", 0, "ExposureTime", "Exposure", camera.exposureTime, camera.exposureTime.map { "\($0) sec" }),
            ("ExifIFD", 0, "FNumber", "Aperture", camera.aperture, camera.aperture.map { "f/\($0)" }),
            ("ExifIFD", 0, "FocalLength", "Focal Length", camera.focalLength, camera.focalLength.map { "\($0) mm" }),
            ("ExifIFD", 0, "ISO", "ISO Speed", camera.iso.map(String.init), nil),
        ]
        let exif = entries.compactMap { space, spaceID, tag, label, raw, clean -> FlickrPhotoExif.Entry? in
            guard let raw else { return nil }
            return FlickrPhotoExif.Entry(
                tagSpace: space, tagSpaceID: spaceID, tag: tag, label: label, raw: raw, clean: clean)
        }
        return FlickrPhotoExif(
            id: Self.photoID(photo), secret: LadderImage.secret(photo.sha256), server: Self.server, farm: Self.farm,
            camera: [camera.make, camera.model].compactMap { $0 }.joined(separator: " "), exif: exif)
    }

    /// A neighbour in getContext: its page as a path, as Flickr gives it, and its 75 px square.
    func neighbour(_ photo: PhotoRecord?) -> FlickrPhotoContext.Neighbour? {
        guard let photo else { return nil }
        let square = FlickrLadderSize.ladder[0]
        return FlickrPhotoContext.Neighbour(
            id: Self.photoID(photo), secret: LadderImage.secret(photo.sha256), server: Self.server, farm: Self.farm,
            title: Self.title(photo), url: "/p/\(photo.id)", thumb: imageURL(photo, square),
            license: String(Self.license(photo)))
    }
}
