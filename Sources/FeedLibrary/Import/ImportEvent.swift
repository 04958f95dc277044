import NIOCore

/// Progress reports, in the order files finish.
public enum ImportEvent: Sendable {
    /// The files to look at have been listed.
    case started(total: Int)
    /// One file is done.
    case finished(path: String, outcome: ImportOutcome)
}
