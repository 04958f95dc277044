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

    public init(
        username: String = "library", collectionPerFolder: Bool = false, tags: [String] = [],
        concurrency: Int = System.coreCount, license: String? = nil
    ) {
        self.username = username
        self.collectionPerFolder = collectionPerFolder
        self.tags = tags
        self.concurrency = max(1, concurrency)
        self.license = license
    }
}
