/// What the library refuses to do now, for a reason its caller should tell the person: the server answers it in
/// HTTP (see `APIError+Mapping.swift` in FeedServer), the command-line tools print it.
public enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every render slot is taken and too many renders already wait for one: try again after `retryAfter` seconds.
    case busyRendering(retryAfter: Int)
    /// The disk holding `folder` has no room left (or the process may not write larger files there): what was
    /// being written was not kept, and nothing half-written was left behind. Works again once space is freed.
    case diskFull(folder: String)
    /// The storage (an S3-compatible bucket) could not be reached or refused, as `reason` says: nothing was kept
    /// there. Works again once the storage answers.
    case storageUnavailable(String)

    /// One sentence for a person.
    public var description: String {
        switch self {
        case .busyRendering(let seconds):
            "The server is busy making other images; try again in \(seconds) seconds."
        case .diskFull(let folder):
            "The disk holding \(folder) is full: nothing was kept. Free space there and try again."
        case .storageUnavailable(let reason):
            "The library's storage cannot be reached (\(reason)): nothing was kept there. Try again once it answers."
        }
    }

    /// Whether this is a fault of the machine or its services rather than of the request, which ends a batch of
    /// work (an import, a sync) instead of failing each item of it in turn.
    public var endsBatch: Bool {
        switch self {
        case .busyRendering: false
        case .diskFull, .storageUnavailable: true
        }
    }
}
