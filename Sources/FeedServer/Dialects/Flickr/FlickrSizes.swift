import FeedStore
import Imaging

/// Flickr's size ladder (flickr.com/services/api/misc.urls.html): each size's URL suffix, label, `url_*` extra and
/// longest edge. A size exists for a photo when the original is bigger (squares: when it is at least that big);
/// the original always does.
struct FlickrSize: Sendable {
    /// The URL suffix; nil for the 500 px size, which has none.
    let suffix: String?
    let label: String
    /// The `extras` value that adds this size's URL (`url_m` …), and the name of its fields (`m` in `width_m`).
    let extra: String?
    let longestEdge: Int
    let isSquare: Bool

    static let ladder: [FlickrSize] = [
        FlickrSize(suffix: "s", label: "Square", extra: "sq", longestEdge: 75, isSquare: true),
        FlickrSize(suffix: "q", label: "Large Square", extra: "q", longestEdge: 150, isSquare: true),
        FlickrSize(suffix: "t", label: "Thumbnail", extra: "t", longestEdge: 100, isSquare: false),
        FlickrSize(suffix: "m", label: "Small", extra: "s", longestEdge: 240, isSquare: false),
        FlickrSize(suffix: "n", label: "Small 320", extra: "n", longestEdge: 320, isSquare: false),
        FlickrSize(suffix: "w", label: "Small 400", extra: "w", longestEdge: 400, isSquare: false),
        FlickrSize(suffix: nil, label: "Medium", extra: "m", longestEdge: 500, isSquare: false),
        FlickrSize(suffix: "z", label: "Medium 640", extra: "z", longestEdge: 640, isSquare: false),
        FlickrSize(suffix: "c", label: "Medium 800", extra: "c", longestEdge: 800, isSquare: false),
        FlickrSize(suffix: "b", label: "Large", extra: "l", longestEdge: 1024, isSquare: false),
        FlickrSize(suffix: "h", label: "Large 1600", extra: "h", longestEdge: 1600, isSquare: false),
        FlickrSize(suffix: "k", label: "Large 2048", extra: "k", longestEdge: 2048, isSquare: false),
        FlickrSize(suffix: "3k", label: "X-Large 3K", extra: nil, longestEdge: 3072, isSquare: false),
        FlickrSize(suffix: "4k", label: "X-Large 4K", extra: nil, longestEdge: 4096, isSquare: false),
        FlickrSize(suffix: "5k", label: "X-Large 5K", extra: nil, longestEdge: 5120, isSquare: false),
        FlickrSize(suffix: "6k", label: "X-Large 6K", extra: nil, longestEdge: 6144, isSquare: false),
    ]

    static let original = FlickrSize(suffix: "o", label: "Original", extra: "o", longestEdge: 0, isSquare: false)

    /// The sizes a photo of this size has, smallest first, the original last.
    static func available(width: Int, height: Int) -> [FlickrSize] {
        ladder.filter { $0.isSquare ? min(width, height) >= $0.longestEdge : max(width, height) > $0.longestEdge }
            + [original]
    }

    /// The size of this rendition of a `width`×`height` original.
    func dimensions(width: Int, height: Int) -> (width: Int, height: Int) {
        if suffix == "o" { return (width, height) }
        if isSquare { return (longestEdge, longestEdge) }
        return LadderImage.fitted(width: width, height: height, longest: longestEdge)
    }

    /// The size with this URL suffix (`""` for the 500 px one).
    static func withSuffix(_ suffix: String) -> FlickrSize? {
        suffix == "o" ? original : ladder.first { ($0.suffix ?? "") == suffix }
    }
}

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

    /// Flickr's file name for a size of a photo: `{id}_{secret}[_{suffix}].{format}`.
    static func flickrPath(number: Int64, sha256: String, format: String, size: FlickrSize) -> String {
        if size.suffix == "o" {
            return "/\(flickrServer)/\(number)_\(originalSecret(sha256))_o.\(ImageFormat.fileExtension(ofStored: format))"
        }
        return "/\(flickrServer)/\(number)_\(secret(sha256))" + (size.suffix.map { "_\($0)" } ?? "") + ".jpg"
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
