import FeedModels

/// Flickr's size ladder (flickr.com/services/api/misc.urls.html): each size's URL suffix, label, `url_*` extra and
/// longest edge. A size exists for a photo when the original is bigger (squares: when it is at least that big);
/// the original always does.
struct FlickrLadderSize: Sendable {
    /// The URL suffix; nil for the 500 px size, which has none.
    let suffix: String?
    let label: String
    /// The `extras` value that adds this size's URL (`url_m` …); nil for the sizes Flickr has no extra for.
    let extra: FlickrURLExtra?
    let longestEdge: Int
    let isSquare: Bool

    static let ladder: [FlickrLadderSize] = [
        FlickrLadderSize(suffix: "s", label: "Square", extra: .sq, longestEdge: 75, isSquare: true),
        FlickrLadderSize(suffix: "q", label: "Large Square", extra: .q, longestEdge: 150, isSquare: true),
        FlickrLadderSize(suffix: "t", label: "Thumbnail", extra: .t, longestEdge: 100, isSquare: false),
        FlickrLadderSize(suffix: "m", label: "Small", extra: .s, longestEdge: 240, isSquare: false),
        FlickrLadderSize(suffix: "n", label: "Small 320", extra: .n, longestEdge: 320, isSquare: false),
        FlickrLadderSize(suffix: "w", label: "Small 400", extra: .w, longestEdge: 400, isSquare: false),
        FlickrLadderSize(suffix: nil, label: "Medium", extra: .m, longestEdge: 500, isSquare: false),
        FlickrLadderSize(suffix: "z", label: "Medium 640", extra: .z, longestEdge: 640, isSquare: false),
        FlickrLadderSize(suffix: "c", label: "Medium 800", extra: .c, longestEdge: 800, isSquare: false),
        FlickrLadderSize(suffix: "b", label: "Large", extra: .l, longestEdge: 1024, isSquare: false),
        FlickrLadderSize(suffix: "h", label: "Large 1600", extra: .h, longestEdge: 1600, isSquare: false),
        FlickrLadderSize(suffix: "k", label: "Large 2048", extra: .k, longestEdge: 2048, isSquare: false),
        FlickrLadderSize(suffix: "3k", label: "X-Large 3K", extra: nil, longestEdge: 3072, isSquare: false),
        FlickrLadderSize(suffix: "4k", label: "X-Large 4K", extra: nil, longestEdge: 4096, isSquare: false),
        FlickrLadderSize(suffix: "5k", label: "X-Large 5K", extra: nil, longestEdge: 5120, isSquare: false),
        FlickrLadderSize(suffix: "6k", label: "X-Large 6K", extra: nil, longestEdge: 6144, isSquare: false),
    ]

    static let original = FlickrLadderSize(suffix: "o", label: "Original", extra: .o, longestEdge: 0, isSquare: false)

    /// The sizes a photo of this size has, smallest first, the original last.
    static func available(width: Int, height: Int) -> [FlickrLadderSize] {
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
    static func withSuffix(_ suffix: String) -> FlickrLadderSize? {
        suffix == "o" ? original : ladder.first { ($0.suffix ?? "") == suffix }
    }
}
