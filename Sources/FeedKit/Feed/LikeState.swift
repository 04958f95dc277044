/// Where a like or unlike of one photo stands, for a UI to show a spinner or a retry button.
public enum LikeState: Sendable, Hashable {
    /// Nothing in flight; the photo's `likedByUser` is the truth.
    case idle
    /// A like (`liked: true`) or unlike is on its way.
    case inFlight(liked: Bool)
    /// The last like (`liked: true`) or unlike failed; ``PhotoFeed/retryLike(_:)`` tries it again.
    case failed(liked: Bool, FeedError)

    /// Whether a request is on its way.
    public var isInFlight: Bool {
        if case .inFlight = self { return true }
        return false
    }
}
