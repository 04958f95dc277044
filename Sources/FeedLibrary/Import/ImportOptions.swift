import NIOCore

/// How `imagefeed import` records what it finds.
public struct ImportOptions: Sendable {
    /// The owner of the imported photos (created when missing).
    public var username: String
    /// One album per folder, named after the folder.
    public var collectionPerFolder: Bool
    /// Tags added to every imported photo.
    public var tags: [String]
    /// How many files are processed at once; defaults to the number of cores.
    public var concurrency: Int
    /// The licence the photos are shared under (a ``PhotoLicense`` id), shown with them and given to the dialects.
    public var license: String?

    public init(username: String = "library", collectionPerFolder: Bool = false, tags: [String] = [],
                concurrency: Int = System.coreCount, license: String? = nil) {
        self.username = username
        self.collectionPerFolder = collectionPerFolder
        self.tags = tags
        self.concurrency = max(1, concurrency)
        self.license = license
    }
}


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
