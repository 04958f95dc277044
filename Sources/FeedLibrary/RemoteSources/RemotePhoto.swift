import FeedModels
import FeedStore
import Foundation

/// One photo as a source describes it, in the library's terms.
struct RemotePhoto: Sendable, Hashable {
    /// How its pixels reach viewers.
    enum Image: Sendable, Hashable {
        /// Shown from the source (Unsplash, Flickr, another ImageFeed server): only the metadata is kept here.
        case hotlink(RemoteImage)
        /// Downloaded into the library (Pixabay, whose links expire and which forbids hotlinking).
        case download(URL)
    }

    var remoteID: String
    var author: RemoteAuthor
    var title: String?
    var description: String?
    var altDescription: String?
    var width: Int
    var height: Int
    var color: String = "#808080"
    var blurHash: String?
    var createdAt: Date?
    var takenAt: Date?
    var camera = CameraSettings()
    var place = Place()
    var tags: [String] = []
    var license: PhotoLicense?
    var credit: PhotoSource
    var image: Image
    /// What to call when the photo is downloaded here (Unsplash's `download_location`).
    var downloadLocation: String?

    /// A digest of everything recorded from the source: a sync compares it to tell a changed photo.
    var fingerprint: String {
        var parts: [String] = [
            title ?? "", description ?? "", altDescription ?? "", "\(width)x\(height)", tags.joined(separator: ","),
            place.name ?? "", place.city ?? "", place.country ?? "",
            place.latitude.map { String($0) } ?? "", place.longitude.map { String($0) } ?? "",
            license?.id ?? "", credit.authorName, credit.authorURL ?? "", credit.photoURL, downloadLocation ?? "",
        ]
        switch image {
        case .hotlink(let remote): parts.append(String(describing: remote))
        case .download: break  // Pixabay's links change every day; the photo does not.
        }
        return Secrets.sha256Hex(Data(parts.joined(separator: "\u{1F}").utf8))
    }

    /// The row's description and alt text, the same whether the photo is added, downloaded or updated: the
    /// source's description (or its title), and its alt text (or the title, lowercased).
    var rowDescription: String? { description ?? title }
    var rowAltDescription: String? { altDescription ?? title?.lowercased() }

    func link(sourceID: String) -> SourceLink {
        let hotlink: RemoteImage? = if case .hotlink(let remote) = image { remote } else { nil }
        return SourceLink(
            sourceID: sourceID, remoteID: remoteID, fingerprint: fingerprint, hotlink: hotlink,
            downloadLocation: downloadLocation
        )
    }

    /// The row of a hotlinked photo. No file stands behind it, so its `sha256` is a placeholder no file can have,
    /// unique per source and remote id.
    func hotlinkedRow(id: String, ownerID: String, sourceID: String) -> NewPhoto {
        NewPhoto(
            id: id, ownerID: ownerID, title: rowDescription, altDescription: rowAltDescription,
            width: width, height: height, color: color, colorName: PhotoColor(dominant: color).rawValue,
            blurHash: blurHash,
            takenAt: takenAt, camera: camera, place: place, sha256: "remote:\(sourceID):\(remoteID)", bytes: 0,
            format: "remote", tags: tags, license: license?.id, source: credit, sourceLink: link(sourceID: sourceID),
            createdAt: createdAt.map { min($0, Date()) } ?? Date()
        )
    }

    func changes(sourceID: String) -> RemotePhotoChanges {
        let isHotlinked = if case .hotlink = image { true } else { false }
        return RemotePhotoChanges(
            description: rowDescription, altDescription: rowAltDescription,
            width: isHotlinked ? width : nil, height: isHotlinked ? height : nil, tags: tags, place: place,
            license: license?.id, source: credit, link: link(sourceID: sourceID)
        )
    }
}

/// A link with a service's referral parameters added (Unsplash asks for `utm_source` and `utm_medium=referral`
/// on every link back to it).
func referral(_ url: String, appName: String?) -> String {
    guard let appName, var components = URLComponents(string: url) else { return url }
    var items = (components.queryItems ?? []).filter { $0.name != "utm_source" && $0.name != "utm_medium" }
    items += [URLQueryItem(name: "utm_source", value: appName), URLQueryItem(name: "utm_medium", value: "referral")]
    components.queryItems = items
    return components.string ?? url
}
