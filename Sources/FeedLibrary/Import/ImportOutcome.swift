import NIOCore

/// What happened to one file.
public enum ImportOutcome: Sendable, Hashable {
    case imported(photoID: String)
    case duplicate(photoID: String)
    case skipped(reason: String)
    case failed(reason: String)
}
