import NIOCore

/// The end of an import: counts, and the files that were skipped or failed with why.
public struct ImportSummary: Sendable {
    public var imported = 0
    public var duplicates = 0
    public var skipped: [(path: String, reason: String)] = []
    public var failed: [(path: String, reason: String)] = []
    public var seconds: Double = 0

    public init() {}

    mutating func add(_ path: String, _ outcome: ImportOutcome) {
        switch outcome {
        case .imported: imported += 1
        case .duplicate: duplicates += 1
        case .skipped(let reason): skipped.append((path, reason))
        case .failed(let reason): failed.append((path, reason))
        }
    }
}
