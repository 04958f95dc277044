import NIOCore

/// What happened to one file.
public enum ImportOutcome: Sendable, Hashable {
    case imported(photoID: String)
    case duplicate(photoID: String)
    case skipped(reason: String)
    case failed(reason: String)
}

/// Progress reports, in the order files finish.
public enum ImportEvent: Sendable {
    /// The files to look at have been listed.
    case started(total: Int)
    /// One file is done.
    case finished(path: String, outcome: ImportOutcome)
}
