/// What the library refuses to do now, for a reason its caller should tell the person: the server answers it in
/// HTTP (see `APIError+Mapping.swift` in FeedServer), the command-line tools print it.
public enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every render slot is taken and too many renders already wait for one: try again after `retryAfter` seconds.
    case busyRendering(retryAfter: Int)

    /// One sentence for a person.
    public var description: String {
        switch self {
        case .busyRendering(let seconds):
            "The server is busy making other images; try again in \(seconds) seconds."
        }
    }
}
