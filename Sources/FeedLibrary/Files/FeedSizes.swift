import Imaging

/// The renditions behind `urls.regular`, `urls.small` and `urls.thumb`: pre-rendered at import so that the feed
/// never waits for an encoder.
public struct FeedSizes: Sendable {
    public let spec: RenditionSpec
    public let query: String

    public static let regular = FeedSizes(width: 1080)
    public static let small = FeedSizes(width: 400)
    public static let thumb = FeedSizes(width: 200)
    public static let all = [regular, small, thumb]

    private init(width: Int) {
        self.spec = RenditionSpec(width: width, fit: .max, quality: 80, format: .jpeg)
        self.query = "w=\(width)&fit=max&q=80&fm=jpg"
    }
}
