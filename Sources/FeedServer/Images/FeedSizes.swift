import Imaging

/// The renditions behind `urls.regular`, `urls.small` and `urls.thumb`: pre-rendered at import so that the feed
/// never waits for an encoder.
struct FeedSizes: Sendable {
    let spec: RenditionSpec
    let query: String

    static let regular = FeedSizes(width: 1080)
    static let small = FeedSizes(width: 400)
    static let thumb = FeedSizes(width: 200)
    static let all = [regular, small, thumb]

    private init(width: Int) {
        self.spec = RenditionSpec(width: width, fit: .max, quality: 80, format: .jpeg)
        self.query = "w=\(width)&fit=max&q=80&fm=jpg"
    }
}
