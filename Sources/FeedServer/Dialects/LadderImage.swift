import FeedStore
import Imaging

/// Image URLs built the Flickr and Pixabay ways (`/65535/{id}_{secret}_{suffix}.jpg`, `/get/{id}_{secret}_{size}.jpg`),
/// resolved to renditions of the library's photos. The secret is part of the original's checksum, so a URL can
/// only be had from the API, as on those services.
enum LadderImage {
    /// Flickr's `server` for every photo (and the first path segment of its image URLs).
    static let flickrServer = "65535"
    static let flickrFarm = 66

    static func secret(_ sha256: String) -> String { String(sha256.prefix(10)) }
    static func originalSecret(_ sha256: String) -> String { String(sha256.dropFirst(10).prefix(10)) }

    /// A `width`×`height` box scaled so that its longest edge is `longest` (never up).
    static func fitted(width: Int, height: Int, longest: Int) -> (width: Int, height: Int) {
        fitted(width: width, height: height, within: (longest, longest))
    }

    /// A `width`×`height` box scaled to fit inside `box` (never up), each edge at least one pixel.
    static func fitted(width: Int, height: Int, within box: (Int, Int)) -> (width: Int, height: Int) {
        let scale = min(1, Double(box.0) / Double(max(1, width)), Double(box.1) / Double(max(1, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Flickr's file name for a size of a photo: `{id}_{secret}[_{suffix}].{format}`, with the photo's Flickr id.
    static func flickrPath(number: Int64, sha256: String, format: String, size: FlickrLadderSize) -> String {
        let id = FlickrIDs.photoID(number)
        if size.suffix == "o" {
            return "/\(flickrServer)/\(id)_\(originalSecret(sha256))_o.\(ImageFormat.fileExtension(ofStored: format))"
        }
        return "/\(flickrServer)/\(id)_\(secret(sha256))" + (size.suffix.map { "_\($0)" } ?? "") + ".jpg"
    }

    /// Pixabay's sizes: the edge named in the URL (`_640`) and the box it means.
    static func pixabayBox(_ size: Int) -> (Int, Int)? {
        switch size {
        case 150, 640, 1280, 1920: (size, size)
        case 180, 340: (Int.max / 2, size)  // that height
        case 960: (960, 720)
        default: nil
        }
    }

    static func pixabayPath(number: Int64, sha256: String, size: Int) -> String {
        "/get/\(number)_\(secret(sha256))_\(size).jpg"
    }
}
